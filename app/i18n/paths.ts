/**
 * Public URL ⇄ internal router path. Internally every route lives under
 * `/$locale/…` and fixed pages use stable keys (`~news`, `~privacy` …);
 * publicly nl has no prefix and fixed pages use the localized segment.
 * The router's `rewrite` calls these on both server and client.
 */
import { defaultLocale, localeCodes, perLocale, type Locale } from '../../app.config'
import { segmentKeys, type SegmentKey } from './segment-keys'
import type { RenamedSegments, SegmentTable } from './segments'

/** Internal first segment under /$locale for each fixed page. */
export const internalSegment = {
  news: '~news',
  cookiePolicy: '~cookie-policy',
  privacy: '~privacy',
  terms: '~terms',
  locations: '~locations',
} as const satisfies Record<SegmentKey, string>

/** Paths served by server routes or assets, never localized. */
export const reservedFirstSegments: ReadonlySet<string> = new Set([
  'healthz',
  'readyz',
  'metrics',
  'graphql',
  'api',
  'builds',
  'sitemap.xml',
  'robots.txt',
  '.well-known',
  '_serverFn',
  'assets',
  // Images and PDFs: public/media and the content folder's media (app/media/media-files.server.ts).
  'media',
  // The editors' admin (Decap CMS, app/embedded-cms/admin/).
  'admin',
])

export function isLocale(value: string | undefined): value is Locale {
  return value !== undefined && (localeCodes as ReadonlyArray<string>).includes(value)
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '')
}

export interface PathCodec {
  /** `/fr/actualites/x` → `/fr/~news/x`; `/over-ons` → `/nl/over-ons`. */
  toInternal(pathname: string): string
  /** `/fr/~news/x` → `/fr/actualites/x`; `/nl/over-ons` → `/over-ons`. */
  toPublic(pathname: string): string
  /** Locale of a public path. */
  localeOf(pathname: string): Locale
  /** `/de/nachricht/x` → `/de/nachrichten/x` once translators renamed the segment; null otherwise. */
  renamedPath(pathname: string): string | null
  /**
   * Another language's news segment under this one (`/de/news`, `/en/nieuws/x`, `/nachricht/x`):
   * the language and the slug, if any; null for any other path.
   */
  foreignNewsPath(pathname: string): { locale: Locale; slug: string | undefined } | null
}

const noRenamedSegments: RenamedSegments = perLocale(() => new Map())

export function createPathCodec(table: SegmentTable, renamed: RenamedSegments = noRenamedSegments): PathCodec {
  // Every language's news segment, for links that put one under another language (`/de/news/x`).
  const newsSegments = new Set(localeCodes.map((code) => table[code].news))

  const toInternal = (pathname: string): string => {
    const parts = splitPath(pathname)
    const first = parts[0]
    if (first !== undefined && reservedFirstSegments.has(first)) return pathname
    let locale: Locale = defaultLocale
    if (isLocale(first) && first !== defaultLocale) {
      locale = first
      parts.shift()
    }
    const head = parts[0]
    if (head !== undefined) {
      const key = segmentKeys.find((k) => table[locale][k] === head)
      if (key) parts[0] = internalSegment[key]
      // An internal key typed by a visitor must not reach the fixed route:
      // escape it so it is looked up (and not found) as a content slug.
      else if (head.startsWith('~')) parts[0] = `~${head}`
    }
    return '/' + [locale, ...parts].join('/')
  }

  const toPublic = (pathname: string): string => {
    const parts = splitPath(pathname)
    const locale = parts[0]
    if (!isLocale(locale)) return pathname
    parts.shift()
    const head = parts[0]
    const key = segmentKeys.find((k) => internalSegment[k] === head)
    if (key) parts[0] = table[locale][key]
    else if (head !== undefined && head.startsWith('~~')) parts[0] = head.slice(1)
    if (locale !== defaultLocale) parts.unshift(locale)
    return '/' + parts.join('/')
  }

  const localeOf = (pathname: string): Locale => {
    const first = splitPath(pathname)[0]
    return isLocale(first) && first !== defaultLocale ? first : defaultLocale
  }

  const renamedPath = (pathname: string): string | null => {
    const parts = splitPath(pathname)
    const first = parts[0]
    const locale: Locale = isLocale(first) && first !== defaultLocale ? first : defaultLocale
    const at = locale === defaultLocale ? 0 : 1
    const head = parts[at]
    const key = head === undefined ? undefined : renamed[locale].get(head)
    if (key === undefined) return null
    parts[at] = table[locale][key]
    return '/' + parts.join('/')
  }

  const foreignNewsPath = (pathname: string): { locale: Locale; slug: string | undefined } | null => {
    const parts = splitPath(pathname)
    const first = parts[0]
    const locale: Locale = isLocale(first) && first !== defaultLocale ? first : defaultLocale
    const [head, slug, ...rest] = locale === defaultLocale ? parts : parts.slice(1)
    // This language's own segments are its pages, whatever another language calls its news.
    const own = new Set(Object.values(table[locale]))
    if (head === undefined || own.has(head) || !newsSegments.has(head) || rest.length > 0) return null
    return { locale, slug }
  }

  return { toInternal, toPublic, localeOf, renamedPath, foreignNewsPath }
}
