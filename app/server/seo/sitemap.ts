import { localeCodes, type Locale } from '../../../app.config'

export interface SitemapEntry {
  /** Public path of this language version. */
  path: string
  /** ISO date or date-time of the last change. */
  lastmod?: string
  /** Public paths of every language version, this one included. */
  alternates: Partial<Record<Locale, string>>
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** A sitemap (sitemaps.org 0.9) with xhtml:link hreflang alternates per URL. */
export function buildSitemap(siteUrl: string, entries: ReadonlyArray<SitemapEntry>): string {
  const absolute = (path: string) => escapeXml(new URL(path, siteUrl).href)
  const urls = entries.map((entry) => {
    const alternates = localeCodes.flatMap((code) => {
      const path = entry.alternates[code]
      return path ? [`    <xhtml:link rel="alternate" hreflang="${code}" href="${absolute(path)}"/>`] : []
    })
    const xDefault = entry.alternates.nl
    if (xDefault) alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${absolute(xDefault)}"/>`)
    return [
      '  <url>',
      `    <loc>${absolute(entry.path)}</loc>`,
      ...(entry.lastmod ? [`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`] : []),
      ...alternates,
      '  </url>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
