import { parseFeed } from '@rowanmanning/feed-parser'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { atomDate, buildAtomFeed, tagUri, type AtomEntry, type AtomFeedInput } from './atom-feed'

const jubileum: AtomEntry = {
  id: tagUri('www.example.com', '2026-11-01', 'news', 'jubileum', 'de'),
  title: 'Sechzig Jahre <Autogroep> & "Horizon"',
  summary: 'Wir feiern – mit Tagen der offenen Tür.',
  url: 'https://www.example.de/de/nachricht/sechzig-jahre?a=1&b=2',
  published: '2025-09-01',
  updated: '2025-09-01',
}

const ladeparks: AtomEntry = {
  id: tagUri('www.example.com', '2026-11-01', 'news', 'ev laden', 'de'),
  title: 'Ladeparks',
  summary: 'Neu.',
  url: 'https://www.example.de/de/nachricht/ladeparks',
  published: '2026-02-03T08:30:00+01:00',
  updated: '2026-02-03T08:30:00+01:00',
}

const input: AtomFeedInput = {
  id: tagUri('www.example.com', '2026-11-01', 'news', 'de'),
  title: 'Nachricht – Autogroep Horizon',
  subtitle: 'Autos & Service',
  language: 'de',
  selfUrl: 'https://www.example.de/de/nachricht/feed.xml',
  alternateUrl: 'https://www.example.de/de/nachricht',
  author: { name: 'Autogroep Horizon', uri: 'https://www.example.de/de' },
  icon: 'https://www.example.de/apple-touch-icon.png',
  emptyUpdated: '2026-09-30T10:00:00Z',
  entries: [jubileum, ladeparks],
}

/** The RFC 4287 rules this feed relies on, read with a plain XML parser. */
function checkAtom(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true)
  const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' || name === 'link' }).parse(xml)
  const feed = doc.feed
  expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom')
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
  for (const node of [feed, ...(feed.entry ?? [])]) {
    expect(typeof node.id).toBe('string')
    expect(node.title['#text']).toBeTruthy()
    expect(node.updated).toMatch(rfc3339)
    for (const link of node.link) expect(link['@_href']).toMatch(/^https?:\/\//)
  }
  expect(feed.author.name).toBeTruthy()
  expect(feed.link.filter((link: Record<string, string>) => link['@_rel'] === 'self')).toHaveLength(1)
  for (const entry of feed.entry ?? []) {
    expect(entry.published).toMatch(rfc3339)
    expect(entry.link.filter((link: Record<string, string>) => link['@_rel'] === 'alternate')).toHaveLength(1)
  }
  return feed
}

describe('buildAtomFeed', () => {
  it('writes an Atom 1.0 feed a feed reader understands', () => {
    const xml = buildAtomFeed(input)
    checkAtom(xml)
    const feed = parseFeed(xml)
    expect(feed.meta.type).toBe('atom')
    expect(feed.title).toBe('Nachricht – Autogroep Horizon')
    expect(feed.description).toBe('Autos & Service')
    expect(feed.language).toBe('de')
    expect(feed.self).toBe('https://www.example.de/de/nachricht/feed.xml')
    expect(feed.url).toBe('https://www.example.de/de/nachricht')
    expect(feed.authors.map((author) => author.name)).toEqual(['Autogroep Horizon'])
    // The newest entry's date (07:30 UTC), not the order of the list.
    expect(feed.updated?.toISOString()).toBe('2026-02-03T07:30:00.000Z')
    expect(feed.items.map((item) => item.title)).toEqual(['Sechzig Jahre <Autogroep> & "Horizon"', 'Ladeparks'])
    const [first] = feed.items
    expect(first?.id).toBe('tag:www.example.com,2026-11-01:news:jubileum:de')
    expect(first?.url).toBe('https://www.example.de/de/nachricht/sechzig-jahre?a=1&b=2')
    expect(first?.description).toBe('Wir feiern – mit Tagen der offenen Tür.')
    expect(first?.published?.toISOString()).toBe('2025-09-01T00:00:00.000Z')
    expect(feed.items[1]?.id).toBe('tag:www.example.com,2026-11-01:news:ev%20laden:de')
  })

  it('escapes markup in texts and URLs (and drops characters XML forbids)', () => {
    const xml = buildAtomFeed({ ...input, title: 'A <b>&</b>\u0007 "B"' })
    checkAtom(xml)
    expect(xml).toContain('<title type="text">A &lt;b&gt;&amp;&lt;/b&gt; &quot;B&quot;</title>')
    expect(xml).toContain('href="https://www.example.de/de/nachricht/sechzig-jahre?a=1&amp;b=2"')
  })

  it('an empty feed is still valid: updated from the fallback date', () => {
    const xml = buildAtomFeed({ ...input, entries: [] })
    const feed = checkAtom(xml)
    expect(feed.entry).toBeUndefined()
    expect(feed.updated).toBe('2026-09-30T10:00:00Z')
    expect(parseFeed(xml).items).toEqual([])
  })

  it('leaves out an entry whose date cannot be read', () => {
    const broken = { ...ladeparks, published: 'yesterday', updated: 'yesterday' }
    const xml = buildAtomFeed({ ...input, entries: [jubileum, broken] })
    expect(parseFeed(xml).items.map((item) => item.title)).toEqual(['Sechzig Jahre <Autogroep> & "Horizon"'])
  })

  it('the checker itself fails on a feed without an id', () => {
    expect(() => checkAtom(buildAtomFeed(input).replace(/<id>[^<]*<\/id>\n/, ''))).toThrow()
  })
})

describe('atomDate', () => {
  it('is RFC 3339 with T and Z, or undefined', () => {
    expect(atomDate('2025-09-01')).toBe('2025-09-01T00:00:00Z')
    expect(atomDate('2026-02-03T08:30:00+01:00')).toBe('2026-02-03T07:30:00Z')
    expect(atomDate('2026-02-03T08:30:00.250Z')).toBe('2026-02-03T08:30:00.250Z')
    expect(atomDate('Feb 3 2026')).toBeUndefined()
    expect(atomDate('2026-13-45')).toBeUndefined()
  })
})
