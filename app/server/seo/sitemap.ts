import { defaultLocale, localeCodes, type Locale } from '../../../app.config'
import { absoluteUrlIn, type Origins } from '../../seo/meta'

export interface SitemapEntry {
  /** Language of this version: its URL is on that language's origin (LOCALE_DOMAINS). */
  locale: Locale
  /** Public path of this language version. */
  path: string
  /** ISO date or date-time of the last change. */
  lastmod: string
  /** Public paths of every language version, this one included. */
  alternates: Partial<Record<Locale, string>>
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** The latest of ISO dates and date-times (they sort as text), or undefined for none. */
export function latestDate(dates: ReadonlyArray<string>): string | undefined {
  return dates.reduce<string | undefined>((latest, date) => (latest === undefined || date > latest ? date : latest), undefined)
}

/**
 * Each entry's `<url>` element (sitemaps.org 0.9) with xhtml:link hreflang alternates. Every URL
 * is on its language's origin, as in the pages' own canonical and hreflang links.
 */
export function urlElements(origins: Origins, entries: ReadonlyArray<SitemapEntry>): string[] {
  const absolute = (locale: Locale, path: string) => escapeXml(absoluteUrlIn(origins, locale, path))
  return entries.map((entry) => {
    const alternates = localeCodes.flatMap((code) => {
      const path = entry.alternates[code]
      return path ? [`    <xhtml:link rel="alternate" hreflang="${code}" href="${absolute(code, path)}"/>`] : []
    })
    const xDefault = entry.alternates[defaultLocale]
    if (xDefault) alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${absolute(defaultLocale, xDefault)}"/>`)
    return [
      '  <url>',
      `    <loc>${absolute(entry.locale, entry.path)}</loc>`,
      `    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`,
      ...alternates,
      '  </url>',
    ].join('\n')
  })
}

const urlsetStart = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
].join('\n')
const urlsetEnd = '</urlset>\n'

/** A sitemap of `<url>` elements (urlElements). */
export function sitemapOf(elements: ReadonlyArray<string>): string {
  return [urlsetStart, ...elements, urlsetEnd].join('\n')
}

/** A sitemap (sitemaps.org 0.9) of `entries`, with hreflang alternates. */
export function buildSitemap(origins: Origins, entries: ReadonlyArray<SitemapEntry>): string {
  return sitemapOf(urlElements(origins, entries))
}

/**
 * How much one sitemap may hold. sitemaps.org allows 50,000 URLs and 50 MB (52,428,800 bytes)
 * per file; 10,000 URLs (~8 MB with six alternates each) keep one answer a few MB, and the byte
 * bound holds however long the links are.
 */
export const sitemapLimits = { urls: 10_000, bytes: 50_000_000 }

/**
 * Where `elements` (one language's, in order) are split into sitemaps within `limits`: the
 * index of each sitemap's first element ([0] for one sitemap, [] for none).
 */
export function sitemapSplits(elements: ReadonlyArray<string>, limits = sitemapLimits): number[] {
  const frame = Buffer.byteLength(urlsetStart) + Buffer.byteLength(urlsetEnd) + 1
  const starts: number[] = []
  let urls = 0
  let bytes = 0
  for (const [index, element] of elements.entries()) {
    const size = Buffer.byteLength(element) + 1
    if (starts.length === 0 || urls + 1 > limits.urls || bytes + size > limits.bytes) {
      starts.push(index)
      urls = 0
      bytes = frame
    }
    urls += 1
    bytes += size
  }
  return starts
}

/**
 * URLs above which /sitemap.xml is an index of one sitemap per language (ADR 038). Each URL
 * carries six alternates (~0.8 KB): 5,000 make ~4 MB, far inside sitemaps.org's 50,000 URLs and
 * 50 MB per file, and a crawler or a cache refill fetches a fifth at a time. A site below it
 * keeps its single sitemap.
 */
export const sitemapIndexThreshold = 5_000

/** A sitemap index (sitemaps.org 0.9): where each sitemap is and when it last changed. */
export function buildSitemapIndex(sitemaps: ReadonlyArray<{ loc: string; lastmod: string | undefined }>): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemaps.map(({ loc, lastmod }) =>
      [
        '  <sitemap>',
        `    <loc>${escapeXml(loc)}</loc>`,
        ...(lastmod ? [`    <lastmod>${escapeXml(lastmod)}</lastmod>`] : []),
        '  </sitemap>',
      ].join('\n'),
    ),
    '</sitemapindex>',
    '',
  ].join('\n')
}
