import { describe, expect, it } from 'vitest'
import { createPathCodec } from './paths'
import { buildRenamedSegments, buildSegmentTable, segmentTable } from './segments'

const codec = createPathCodec(segmentTable)

describe('pathCodec', () => {
  it.each([
    ['/', '/nl'],
    ['/over-ons/historie', '/nl/over-ons/historie'],
    ['/en', '/en'],
    ['/en/about-us', '/en/about-us'],
    ['/nieuws', '/nl/~news'],
    ['/nieuws/open-dag', '/nl/~news/open-dag'],
    ['/en/news/open-day', '/en/~news/open-day'],
    ['/fr/actualites', '/fr/~news'],
    ['/de/nachricht', '/de/~news'],
    ['/da/nyheder', '/da/~news'],
    ['/de/datenschutz', '/de/~privacy'],
    ['/fr/confidentialite', '/fr/~privacy'],
    ['/da/fortrolighed', '/da/~privacy'],
    ['/algemene-voorwaarden', '/nl/~terms'],
    ['/en/algemene-voorwaarden', '/en/~terms'],
    ['/cookie-policy', '/nl/~cookie-policy'],
  ])('maps public %s to internal %s and back', (publicPath, internal) => {
    expect(codec.toInternal(publicPath)).toBe(internal)
    expect(codec.toPublic(internal)).toBe(publicPath)
  })

  it('treats an unknown first segment as an nl slug', () => {
    expect(codec.toInternal('/xx/y')).toBe('/nl/xx/y')
    expect(codec.localeOf('/xx/y')).toBe('nl')
  })

  it('does not treat another locale’s segment as a fixed page', () => {
    // "news" is the English segment; in nl it is just a slug.
    expect(codec.toInternal('/news')).toBe('/nl/news')
    expect(codec.toInternal('/de/news')).toBe('/de/news')
  })

  it('recognizes another locale’s news segment, for the redirect to this language’s news', () => {
    expect(codec.foreignNewsPath('/de/news')).toEqual({ locale: 'de', slug: undefined })
    expect(codec.foreignNewsPath('/en/nieuws/x')).toEqual({ locale: 'en', slug: 'x' })
    expect(codec.foreignNewsPath('/nachricht/x')).toEqual({ locale: 'nl', slug: 'x' })
    // Its own segment, other segments and deeper paths are not.
    expect(codec.foreignNewsPath('/de/nachricht/x')).toBeNull()
    expect(codec.foreignNewsPath('/en/datenschutz')).toBeNull()
    expect(codec.foreignNewsPath('/de/news/x/y')).toBeNull()
    expect(codec.foreignNewsPath('/')).toBeNull()
  })

  it('keeps internal keys out of reach of visitors', () => {
    const internal = codec.toInternal('/~news')
    expect(internal).toBe('/nl/~~news')
    expect(codec.toPublic(internal)).toBe('/~news')
  })

  it('leaves server routes alone', () => {
    for (const path of ['/healthz', '/graphql', '/api/global', '/sitemap.xml', '/robots.txt', '/builds/latest.json']) {
      expect(codec.toInternal(path)).toBe(path)
    }
  })

  it('maps a renamed segment to today’s, in any locale, keeping the rest of the path', () => {
    const table = buildSegmentTable({ nl: { 'segment.news': 'actueel' }, en: {}, de: { 'segment.news': 'nachrichten' }, fr: {}, da: {} })
    const renamed = buildRenamedSegments(table, {
      nl: { 'segment.news': ['nieuws', 'actueel'] },
      de: { 'segment.news': ['nachricht', 'nachrichten'] },
    })
    const renaming = createPathCodec(table, renamed)
    expect(renaming.renamedPath('/de/nachricht')).toBe('/de/nachrichten')
    expect(renaming.renamedPath('/de/nachricht/open-tag')).toBe('/de/nachrichten/open-tag')
    expect(renaming.renamedPath('/nieuws/open-dag')).toBe('/actueel/open-dag')
    // Today's segments, other locales' old ones and other paths stay as they are.
    expect(renaming.renamedPath('/de/nachrichten/open-tag')).toBeNull()
    expect(renaming.renamedPath('/en/nachricht')).toBeNull()
    expect(renaming.renamedPath('/de/nieuws')).toBeNull()
    expect(renaming.renamedPath('/over-ons')).toBeNull()
    expect(codec.renamedPath('/de/nachricht')).toBeNull()
  })
})
