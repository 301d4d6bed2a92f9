import { parseFeed } from '@rowanmanning/feed-parser'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const calls: Array<{ operation: string; variables: unknown }> = []
let nodes: Array<{ id: string; slug: string; title: string; date: string; summary: string }> = []

// The CMS as the operations return it (the client itself is tested in client.test.ts).
vi.mock('../cms-client/operations.server', () => ({
  cms: {
    readNewsList: async (variables: unknown) => {
      calls.push({ operation: 'readNewsList', variables })
      return { readNewsItems: { totalCount: nodes.length, nodes } }
    },
    readSite: async () => ({ readSiteConfig: { title: 'Autogroep Horizon', tagline: 'Autohäuser & Service' } }),
    readSitemap: async () => ({ readPages: [{ lastEdited: '2026-09-30T10:00:00Z' }, { lastEdited: '2026-10-02T08:00:00Z' }] }),
  },
}))

async function feedOf(locale: 'de' | 'nl') {
  vi.resetModules()
  process.env.SITE_URL = 'https://www.example.com'
  process.env.LOCALE_DOMAINS = 'de=https://www.example.de'
  const { newsFeedBody } = await import('./news-feed.server')
  return new TextDecoder().decode((await newsFeedBody(locale)).body)
}

describe('newsFeedBody', () => {
  beforeEach(() => {
    calls.length = 0
    nodes = [
      { id: 'jubileum', slug: 'sechzig-jahre', title: 'Sechzig Jahre', date: '2025-09-01', summary: 'Wir feiern.' },
      { id: 'laden', slug: 'ladeparks', title: 'Ladeparks', date: '2026-11-12', summary: 'Neu.' },
    ]
  })

  it('links every entry on the language’s own domain (LOCALE_DOMAINS), with ids on SITE_URL’s host', async () => {
    const feed = parseFeed(await feedOf('de'))
    expect(calls).toEqual([{ operation: 'readNewsList', variables: { locale: 'de_DE', limit: 50, offset: 0 } }])
    expect(feed.title).toBe('Nachrichten – Autogroep Horizon')
    expect(feed.language).toBe('de')
    expect(feed.self).toBe('https://www.example.de/de/nachricht/feed.xml')
    expect(feed.url).toBe('https://www.example.de/de/nachricht')
    expect(feed.updated?.toISOString()).toBe('2026-11-12T00:00:00.000Z')
    expect(feed.items.map((item) => [item.id, item.url])).toEqual([
      ['tag:www.example.com,2026-11-01:news:jubileum:de', 'https://www.example.de/de/nachricht/sechzig-jahre'],
      ['tag:www.example.com,2026-11-01:news:laden:de', 'https://www.example.de/de/nachricht/ladeparks'],
    ])
  })

  it('Dutch has no prefix and stays on SITE_URL; a language without news dates its feed by its newest page', async () => {
    nodes = []
    const feed = parseFeed(await feedOf('nl'))
    expect(feed.self).toBe('https://www.example.com/nieuws/feed.xml')
    expect(feed.title).toBe('Nieuws – Autogroep Horizon')
    expect(feed.items).toEqual([])
    expect(feed.updated?.toISOString()).toBe('2026-10-02T08:00:00.000Z')
  })
})
