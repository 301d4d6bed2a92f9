import { languages } from '../../../app.config'
import { pathCodec } from '../../i18n/i18n'
import { reservedFirstSegments } from '../../i18n/paths'
import { legacyPaths } from '../../legacy-redirects'
import type { EmbeddedContent } from './projection.server'
import type { RawContent } from './read'
import { newsFileSchema, pageFileSchemaFor, richText } from './schema'
import { stringPaths } from './schema-shape'

/**
 * Links in rich text (Markdown, or HTML as before: ADR 083) to the site's own addresses
 * (`[ons team](/over-ons/ons-team)`): unlike a link field (`page: <id>`), such a link names a
 * path, so a page deleted or moved leaves it dead without a word. Found here so a save, and
 * `npm run content:check`, can name every one that no longer leads anywhere.
 */

/** One link in a text: where it is (character offsets), its text and its address. */
interface TextLink {
  start: number
  end: number
  text: string
  href: string
  /** Markdown `[text](href)`, or an HTML `<a href>`. */
  kind: 'markdown' | 'html'
}

// Decap writes `[text](href)` or `[text](href "title")`; an image (`![alt](src)`) is no link.
const markdownLink = /(!?)\[((?:[^[\]\\]|\\.)*)\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/g
const htmlLink = /<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a\s*>/gi

/** The links of a rich text that lead to a path of this site (`/…`, not `//host`). */
export function siteLinksIn(text: string): TextLink[] {
  const links: TextLink[] = []
  for (const match of text.matchAll(markdownLink)) {
    const [whole, image, label = '', href = ''] = match
    if (image === '' && isSitePath(href)) links.push({ start: match.index, end: match.index + whole.length, text: label, href, kind: 'markdown' })
  }
  for (const match of text.matchAll(htmlLink)) {
    const [whole, , href = '', label = ''] = match
    if (isSitePath(href)) links.push({ start: match.index, end: match.index + whole.length, text: label, href, kind: 'html' })
  }
  return links.sort((a, b) => a.start - b.start)
}

const isSitePath = (href: string) => href.startsWith('/') && !href.startsWith('//')

/** The path of an address, without query, fragment or a trailing slash. */
export function pathOf(href: string): string {
  const path = href.split(/[?#]/)[0] ?? href
  return path.replace(/(.)\/$/, '$1')
}

/** `text` with each link whose address `replace` maps rewritten: to another address, or (null) to its text alone. */
export function relinked(text: string, replace: (href: string) => string | null | undefined): string {
  let out = ''
  let at = 0
  for (const link of siteLinksIn(text)) {
    const next = replace(link.href)
    if (next === undefined) continue
    out += text.slice(at, link.start)
    if (next === null) out += link.text
    else {
      const whole = text.slice(link.start, link.end)
      // Only the address changes: the text, a title, the attributes stay.
      out += link.kind === 'markdown' ? whole.replace(`(${link.href}`, `(${next}`).replace(`(<${link.href}>`, `(<${next}>`) : whole.replace(link.href, next)
    }
    at = link.end
  }
  return out + text.slice(at)
}

/** The site's addresses that lead somewhere, from built content (with drafts or without). */
export interface SiteAddresses {
  /** Whether a path (no query) is served by the site. */
  has(path: string): boolean
  /** The page at a path: its id and language, for following it when the page moves. */
  pageAt(path: string): { id: string; iso: string } | undefined
  /** A page's path in a language (iso), if it has one. */
  pathOf(id: string, iso: string): string | undefined
}

const legacy = new Set(legacyPaths)

export function siteAddresses(content: EmbeddedContent): SiteAddresses {
  const pages = new Map<string, { id: string; iso: string }>()
  const byId = new Map<string, string>()
  for (const [iso, list] of content.pages) {
    for (const [link, page] of list) {
      pages.set(link, { id: page.id, iso })
      byId.set(`${page.id}\0${iso}`, link)
    }
  }
  const news = new Map<string, Set<string>>(languages.map(({ code, iso }) => [code, new Set((content.news.get(iso) ?? []).map((item) => item.slug))]))
  const locations = new Set(content.locations.map((location) => location.id))
  const has = (path: string): boolean => {
    if (pages.has(path) || legacy.has(path)) return true
    const first = path.split('/')[1] ?? ''
    // Server paths, media and files are not pages: not judged here.
    if (reservedFirstSegments.has(first) || /\.[a-z0-9]+$/i.test(path)) return true
    if (pathCodec.renamedPath(path) !== null) return true
    const [locale = '', fixed = '', rest, ...more] = pathCodec.toInternal(path).split('/').slice(1)
    if (!fixed.startsWith('~') || fixed.startsWith('~~')) return false
    if (rest === undefined) return true
    if (more.length > 0) return false
    if (fixed === '~news') return news.get(locale)?.has(rest) ?? false
    if (fixed === '~locations') return locations.has(rest)
    return false
  }
  return { has, pageAt: (path) => pages.get(path), pathOf: (id, iso) => byId.get(`${id}\0${iso}`) }
}

/** A rich-text link to a path of the site: in which file and field, its address. */
export interface RichTextLink {
  file: string
  /** The field path (`elements[2].left.nl`), as problems name fields. */
  at: string
  /** The same as keys and list indices. */
  path: Array<string | number>
  href: string
}

const isRichText = (shape: { layers: unknown[] }) => shape.layers.includes(richText)

/** `['elements', 2, 'left', 'nl']` → `elements[2].left.nl`. */
const fieldPathOf = (path: Array<string | number>) =>
  path.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join('')

/** The value at a path of keys and indices. */
export function valueAt(data: unknown, path: Array<string | number>): unknown {
  let value = data
  for (const segment of path) value = typeof value === 'object' && value !== null ? Reflect.get(value, segment) : undefined
  return value
}

/** Every rich-text field of pages and news items, with its text. */
export function richTexts(raw: RawContent): Array<{ file: string; path: Array<string | number>; text: string }> {
  const files = [
    ...raw.pages.map(({ file, page }) => ({ file, data: page, schema: pageFileSchemaFor(page.languages) })),
    ...raw.news.map(({ file, item }) => ({ file, data: item, schema: newsFileSchema })),
  ]
  return files.flatMap(({ file, data, schema }) =>
    stringPaths(schema, data, isRichText).flatMap((path) => {
      const text = valueAt(data, path)
      return typeof text === 'string' ? [{ file, path, text }] : []
    }),
  )
}

/** The rich-text links of the content whose path the site does not serve. */
export function deadRichTextLinks(raw: RawContent, addresses: SiteAddresses): RichTextLink[] {
  return richTexts(raw).flatMap(({ file, path, text }) =>
    siteLinksIn(text)
      .filter((link) => !addresses.has(pathOf(link.href)))
      .map((link) => ({ file, at: fieldPathOf(path), path, href: link.href })),
  )
}

/** A dead link as a problem line (`file:line:col: field: message`), as content:check prints them. */
export function deadLinkProblem(raw: RawContent, link: RichTextLink): string {
  return raw.sources.problem(link.file, link.at, `links to ${link.href}, which is no page of the site (deleted or moved?): correct or remove the link`)
}
