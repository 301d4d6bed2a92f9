import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { languages } from '../../../app.config'
import {
  buildSitemap,
  buildSitemapIndex,
  latestDate,
  sitemapIndexThreshold,
  sitemapLimits,
  sitemapOf,
  sitemapSplits,
  urlElements,
} from './sitemap'

/** Checks a sitemap against the sitemaps.org 0.9 rules the schema enforces, plus hreflang links. */
export function validateSitemap(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true)
  const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'xhtml:link' }).parse(xml)
  const urlset = doc.urlset
  expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
  expect(urlset['@_xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml')
  const urls: Array<Record<string, unknown>> = urlset.url ?? []
  expect(urls.length).toBeLessThanOrEqual(50_000)
  for (const url of urls) {
    const keys = Object.keys(url)
    expect(keys.every((k) => ['loc', 'lastmod', 'changefreq', 'priority', 'xhtml:link'].includes(k))).toBe(true)
    const loc = String(url.loc)
    expect(loc).toMatch(/^https?:\/\//)
    expect(loc.length).toBeLessThanOrEqual(2048)
    // Every entry says when it changed (crawlers skip what did not).
    expect(String(url.lastmod)).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/)
    for (const link of (url['xhtml:link'] as Array<Record<string, string>>) ?? []) {
      expect(link['@_rel']).toBe('alternate')
      expect(link['@_hreflang']).toMatch(/^([a-z]{2}|x-default)$/)
      expect(link['@_href']).toMatch(/^https?:\/\//)
    }
  }
  return urls
}

describe('buildSitemap', () => {
  it('writes a valid sitemap with hreflang alternates and x-default', () => {
    const xml = buildSitemap({ siteUrl: 'https://www.example.com', localeOrigins: {} }, [
      { locale: 'nl', path: '/over-ons', lastmod: '2026-09-02T08:30:00Z', alternates: { nl: '/over-ons', en: '/en/about-us' } },
      { locale: 'en', path: '/en/news/a&b', lastmod: '2026-11-12', alternates: { en: '/en/news/a&b' } },
    ])
    const urls = validateSitemap(xml)
    expect(urls).toHaveLength(2)
    expect(xml).toContain('<loc>https://www.example.com/over-ons</loc>')
    expect(xml).toContain('hreflang="en" href="https://www.example.com/en/about-us"')
    expect(xml).toContain('hreflang="x-default" href="https://www.example.com/over-ons"')
    expect(xml).toContain('/en/news/a&amp;b')
  })

  it('puts each language version on its own domain (LOCALE_DOMAINS), in <loc> and in the alternates', () => {
    const origins = { siteUrl: 'https://www.example.com', localeOrigins: { de: 'https://www.example.de' } }
    const alternates = { nl: '/over-ons', de: '/de/uber-uns' }
    const xml = buildSitemap(origins, [
      { locale: 'nl', path: '/over-ons', lastmod: '2026-09-02', alternates },
      { locale: 'de', path: '/de/uber-uns', lastmod: '2026-09-02', alternates },
    ])
    validateSitemap(xml)
    expect(xml).toContain('<loc>https://www.example.com/over-ons</loc>')
    expect(xml).toContain('<loc>https://www.example.de/de/uber-uns</loc>')
    expect(xml).toContain('hreflang="de" href="https://www.example.de/de/uber-uns"')
    expect(xml).not.toContain('https://www.example.com/de/')
  })

  it('latestDate: the newest of dates and date-times, undefined for none', () => {
    expect(latestDate(['2025-09-01', '2026-11-12', '2026-01-30T10:00:00Z'])).toBe('2026-11-12')
    expect(latestDate([])).toBeUndefined()
  })

  it('fails validation for a broken sitemap (the checker itself can fail)', () => {
    expect(() =>
      validateSitemap('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/relative</loc></url></urlset>'),
    ).toThrow()
  })
})

describe('buildSitemapIndex', () => {
  /** xmllint's verdict on `xml` against the sitemaps.org index schema (tests/xsd/siteindex.xsd). */
  function xmllint(xml: string): { status: number | null; stderr: string } {
    const file = join(mkdtempSync(join(tmpdir(), 'sitemap-index-')), 'index.xml')
    writeFileSync(file, xml)
    return spawnSync('xmllint', ['--noout', '--schema', resolve('tests/xsd/siteindex.xsd'), file], { encoding: 'utf8' })
  }

  it('writes an index of the languages’ sitemaps that validates against the sitemaps.org schema', () => {
    const xml = buildSitemapIndex([
      { loc: 'https://www.example.com/sitemap.xml?lang=nl', lastmod: '2026-11-12' },
      { loc: 'https://www.example.com/sitemap.xml?lang=en', lastmod: '2026-09-02T08:30:00Z' },
      { loc: 'https://www.example.com/sitemap.xml?lang=da', lastmod: undefined },
    ])
    expect(xml).toContain('<loc>https://www.example.com/sitemap.xml?lang=nl</loc>')
    expect(xml).not.toContain('<lastmod></lastmod>')
    expect(xmllint(xml)).toMatchObject({ status: 0 })
    // The checker itself can fail: a urlset is no index.
    expect(xmllint('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>').status).not.toBe(0)
  })

  it('is used above 5,000 URLs, well within the protocol’s 50,000 per file', () => {
    expect(sitemapIndexThreshold).toBeLessThanOrEqual(50_000 / languages.length)
  })
})

describe('sitemapSplits', () => {
  const origins = { siteUrl: 'https://www.example.com', localeOrigins: {} }
  const elements = urlElements(
    origins,
    Array.from({ length: 7 }, (_, n) => ({
      locale: 'nl' as const,
      path: `/nieuws/item-${n}`,
      lastmod: '2026-11-12',
      alternates: { nl: `/nieuws/item-${n}` },
    })),
  )

  it('keeps every sitemap within the URL and byte limits, in order, each element once', () => {
    expect(sitemapSplits(elements, { urls: 3, bytes: 50_000_000 })).toEqual([0, 3, 6])
    expect(sitemapSplits(elements, { urls: 10, bytes: 50_000_000 })).toEqual([0])
    expect(sitemapSplits([], { urls: 3, bytes: 50_000_000 })).toEqual([])
    // Bytes: room for exactly two elements (all are the same size) in one file.
    const two = Buffer.byteLength(sitemapOf(elements.slice(0, 2)))
    const starts = sitemapSplits(elements, { urls: 100, bytes: two })
    expect(starts).toEqual([0, 2, 4, 6])
    for (const [index, start] of starts.entries()) {
      const xml = sitemapOf(elements.slice(start, starts[index + 1] ?? elements.length))
      expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(two)
      validateSitemap(xml)
    }
  })

  it('stays within the protocol’s 50,000 URLs and 50 MB per file', () => {
    expect(sitemapLimits.urls).toBeLessThanOrEqual(50_000)
    expect(sitemapLimits.bytes).toBeLessThanOrEqual(52_428_800)
    expect(sitemapOf(elements)).toBe(
      buildSitemap(
        origins,
        [...Array(7).keys()].map((n) => ({
          locale: 'nl',
          path: `/nieuws/item-${n}`,
          lastmod: '2026-11-12',
          alternates: { nl: `/nieuws/item-${n}` },
        })),
      ),
    )
  })
})
