/**
 * Reading a page's HTML as the server sent it, for checks that need no browser (ADR 037): React
 * writes plain, double-quoted markup, so a few patterns read it reliably.
 */

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: '\u00a0' }

/** Text with tags removed and entities decoded, whitespace as in the markup. */
export function textOf(fragment: string): string {
  return fragment.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
}

/**
 * The first element whose opening tag matches `open` (such as `/<nav class="breadcrumbs"/`),
 * through its own closing tag (nested elements of the same name counted).
 */
export function elementOf(html: string, open: RegExp): string | undefined {
  const start = html.search(open)
  if (start < 0) return undefined
  const name = /^<([a-z0-9]+)/i.exec(html.slice(start))?.[1]
  if (!name) return undefined
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, 'gi')
  tags.lastIndex = start
  let depth = 0
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1
    if (depth === 0) return html.slice(start, tag.index + tag[0].length)
  }
  return undefined
}

/** Every element of a kind (`<a …>…</a>`): its attributes and its text. */
export function elementsOf(html: string, name: string): Array<{ attributes: Record<string, string>; text: string }> {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>([\\s\\S]*?)</${name}>`, 'gi'))].map(([, attributes = '', inner = '']) => ({
    attributes: Object.fromEntries(
      [...attributes.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key = '', value = '']) => [key, textOf(value)]),
    ),
    text: textOf(inner),
  }))
}

/** The `lang` of the page's `<html>`. */
export function langOf(html: string): string | undefined {
  return /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1]
}
