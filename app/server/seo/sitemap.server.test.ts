/**
 * The sitemap of a site with many news items: every item is listed, past the 1,000 a
 * CMS list gives at once, and each language's sitemaps stay within the protocol's limits.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { languages, type Locale } from '../../../app.config'
import { sitemapLimits } from './sitemap'

interface NewsNode {
  slug: string
  date: string
  translations: Array<{ locale: string; slug: string }>
}

/** News items per language (iso locale), set by each test. */
let newsCount: Partial<Record<string, number>> = {}
const calls: Array<{ operation: string; variables: unknown }> = []

interface NewsList {
  totalCount: number
  nodes: NewsNode[]
}

function newsNodes(locale: string, offset: number, limit: number): NewsList {
  const total = newsCount[locale] ?? 0
  const nodes = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, n) => ({
    slug: `item-${offset + n}`,
    date: new Date(Date.UTC(2026, 10, 1) - (offset + n) * 3_600_000).toISOString().slice(0, 10),
    translations: [],
  }))
  return { totalCount: total, nodes }
}

/** Answers are made once per question: the CMS cache hands out the same objects until content changes. */
const sitemapAnswers = new Map<string, { readPages: unknown[]; readNewsItems: NewsList; readLocations: unknown[] }>()
const newsAnswers = new Map<string, { readNewsItems: NewsList }>()

// The CMS as the operations return it, with the contract's 1,000 items at most per list.
vi.mock('../cms-client/operations.server', () => ({
  cms: {
    readSitemap: async (variables: { locale: string }) => {
      calls.push({ operation: 'readSitemap', variables })
      const answer = sitemapAnswers.get(variables.locale) ?? {
        readPages: [{ __typename: 'Page', link: '/', lastEdited: '2026-09-30T10:00:00Z', translations: [] }],
        readNewsItems: newsNodes(variables.locale, 0, 1000),
        readLocations: [],
      }
      sitemapAnswers.set(variables.locale, answer)
      return answer
    },
    readSitemapNews: async (variables: { locale: string; offset: number }) => {
      calls.push({ operation: 'readSitemapNews', variables })
      const key = `${variables.locale} ${variables.offset}`
      const answer = newsAnswers.get(key) ?? { readNewsItems: newsNodes(variables.locale, variables.offset, 1000) }
      newsAnswers.set(key, answer)
      return answer
    },
  },
}))

async function sitemapModule() {
  vi.resetModules()
  process.env.SITE_URL = 'https://www.example.com'
  return import('./sitemap.server')
}

/** The sitemap as text, from a fresh module (no sitemap made before). */
async function sitemapText() {
  const { sitemapBody } = await sitemapModule()
  return async (locale?: Locale, page?: number): Promise<string | undefined> => {
    const body = await sitemapBody(locale, page)
    return body && new TextDecoder().decode(body.body)
  }
}

function xmllint(xml: string, schema: string): number | null {
  const file = join(mkdtempSync(join(tmpdir(), 'sitemap-')), 'sitemap.xml')
  writeFileSync(file, xml)
  return spawnSync('xmllint', ['--noout', '--schema', resolve('tests/xsd', schema), file], { encoding: 'utf8' }).status
}

/** Validates a sitemap against the sitemaps.org schema with hreflang alternates; its URLs. */
function urlsOf(xml: string | undefined): string[] {
  expect(xmllint(xml ?? '', 'sitemap-hreflang.xsd')).toBe(0)
  return locs(xml)
}

const locs = (xml: string | undefined) => [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')

describe('sitemapBody with many news items', () => {
  beforeEach(() => {
    newsCount = {}
    calls.length = 0
    sitemapAnswers.clear()
    newsAnswers.clear()
  })

  it('lists every news item of a language, 1,000 at a time past the first 1,000', async () => {
    newsCount = { nl_NL: 2_500, en_US: 1_000, de_DE: 10 }
    const { sitemapBody } = await sitemapModule()
    const nl = new TextDecoder().decode((await sitemapBody('nl'))?.body)
    // The home page, the news list and every item.
    expect(urlsOf(nl)).toHaveLength(1 + 1 + 2_500)
    expect(nl).toContain('<loc>https://www.example.com/nieuws/item-0</loc>')
    expect(nl).toContain('<loc>https://www.example.com/nieuws/item-2499</loc>')
    expect(calls.filter((call) => call.operation === 'readSitemapNews').map((call) => call.variables)).toEqual([
      { locale: 'nl_NL', offset: 1000 },
      { locale: 'nl_NL', offset: 2000 },
    ])
    // Made once while the answers are the same.
    expect(await sitemapBody('nl')).toBe(await sitemapBody('nl'))
    // Over 5,000 URLs in all (2,500 + 1,000 + 10 + lists and pages): an index of the languages' sitemaps.
    newsCount = { nl_NL: 2_500, en_US: 2_500, de_DE: 10 }
    sitemapAnswers.clear()
    newsAnswers.clear()
    const index = await (await sitemapText())()
    expect(locs(index)).toEqual(languages.map(({ code }) => `https://www.example.com/sitemap.xml?lang=${code}`))
    expect(xmllint(index ?? '', 'siteindex.xsd')).toBe(0)
  })

  it('splits a language past sitemapLimits into numbered sitemaps, each named by the index', async () => {
    const total = sitemapLimits.urls + 500
    newsCount = { nl_NL: total }
    const textOf = await sitemapText()
    const index = await textOf()
    expect(locs(index)).toEqual([
      'https://www.example.com/sitemap.xml?lang=nl',
      'https://www.example.com/sitemap.xml?lang=nl&amp;page=2',
      ...languages.filter(({ code }) => code !== 'nl').map(({ code }) => `https://www.example.com/sitemap.xml?lang=${code}`),
    ])
    expect(xmllint(index ?? '', 'siteindex.xsd')).toBe(0)
    const first = await textOf('nl', 1)
    const second = await textOf('nl', 2)
    expect(urlsOf(first)).toHaveLength(sitemapLimits.urls)
    // Every URL once, over the two: the home page, the news list and each item.
    const all = [...urlsOf(first), ...urlsOf(second)]
    expect(all).toHaveLength(total + 2)
    expect(new Set(all).size).toBe(all.length)
    expect(await textOf('nl', 3)).toBeUndefined()
    // A language without news has its one sitemap (its page and its news list), and no second.
    expect(urlsOf(await textOf('da'))).toHaveLength(2)
    expect(await textOf('da', 2)).toBeUndefined()
    // Over 10,000 URLs made and checked with xmllint: seconds on a busy machine.
  }, 60_000)
})
