import { shortened } from './meta'

/**
 * A page's meta description from its own text, for a page whose editor gave none: the site's
 * tagline on every such page made them duplicates to a search engine.
 */

/** What search results show of a description before they cut it (characters). */
export const descriptionLength = 155

/** The fields of page and block data that hold running text (HTML or plain), in reading order. */
const textFields = new Set(['intro', 'subtitle', 'content', 'text', 'left', 'right'])

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** Markup to text: tags become spaces, the entities a sanitizer leaves are decoded. */
export function plainText(html: string): string {
  return (
    html
      // What a script or style element holds is code, never text a reader sees.
      .replace(/<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
        if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
        if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
        return entities[name.toLowerCase()] ?? entity
      })
      .replace(/\s+/g, ' ')
      .trim()
  )
}

/** Every text field's value in `data` (a page, its blocks, their items), depth first, in field order. */
function texts(data: unknown): string[] {
  if (Array.isArray(data)) return data.flatMap(texts)
  if (typeof data !== 'object' || data === null) return []
  return Object.entries(data).flatMap(([key, value]) => (textFields.has(key) && typeof value === 'string' ? [value] : texts(value)))
}

/** The page's first text, up to what search results show; null for a page without text. */
export function descriptionFromContent(page: unknown): string | null {
  const text = texts(page).map(plainText).filter(Boolean).join(' ')
  return text ? shortened(text, descriptionLength) : null
}
