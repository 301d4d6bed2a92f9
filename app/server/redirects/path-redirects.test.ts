import { describe, expect, it } from 'vitest'
import { createPathCodec } from '../../i18n/paths'
import { buildRenamedSegments, buildSegmentTable } from '../../i18n/segments'
import { pathRedirect } from './path-redirects'

// A German translator renamed the news segment nachricht → nachrichten; extract recorded it.
const table = buildSegmentTable({ nl: {}, en: {}, de: { 'segment.news': 'nachrichten' }, fr: {}, da: {} })
const codec = createPathCodec(table, buildRenamedSegments(table, { de: { 'segment.news': ['nachricht', 'nachrichten'] } }))
const at = (path: string) => pathRedirect(new URL(`http://localhost${path}`), codec)

describe('pathRedirect', () => {
  it('sends a renamed segment’s old URL to the new one, query kept, in one hop', () => {
    expect(at('/de/nachricht')).toBe('/de/nachrichten')
    expect(at('/de/nachricht/open-tag')).toBe('/de/nachrichten/open-tag')
    expect(at('/de/nachricht/open-tag/?utm=x')).toBe('/de/nachrichten/open-tag?utm=x')
  })

  it('leaves today’s URLs alone', () => {
    expect(at('/de/nachrichten/open-tag')).toBeNull()
    expect(at('/nieuws')).toBeNull()
  })

  it('still applies the legacy and canonical-path rules', () => {
    expect(at('/en_GB/about-us')).toBe('/en/about-us')
    expect(at('/nl/over-ons/')).toBe('/over-ons')
  })

  it('finds an old path behind /nl or a trailing slash in the same hop, and keeps the query on this site', () => {
    expect(at('/nl/privacyverklaring')).toBe(codec.toPublic('/nl/~privacy'))
    expect(at('/nl/cookies/')).toBe(codec.toPublic('/nl/~cookie-policy'))
    expect(at('/en_GB/contact?utm_source=old')).toBe('/en/contact?utm_source=old')
    expect(at('/privacyverklaring?utm_source=a')).toBe(`${codec.toPublic('/nl/~privacy')}?utm_source=a`)
    expect(at('/de_DE/foo/?x=1')).toBe('/de?x=1')
    // Another site gets no query of ours.
    expect(at('/en_GB/careers?utm_source=old')).toBe('https://careers.example.com/en')
  })

  it('sends any other path under an old language prefix to that language’s home, in one hop', () => {
    expect(at('/en_GB/foo')).toBe('/en')
    expect(at('/fr_BE/rse')).toBe('/fr')
    expect(at('/de_DE/about-us/')).toBe('/de')
    expect(at('/da_DK/x/y/z')).toBe('/da')
    // Listed paths keep their own target; other paths are no legacy ones.
    expect(at('/fr_BE/a-propos/rse')).toBe('/fr/a-propos/responsabilite')
    expect(at('/es_ES/foo')).toBeNull()
  })
})
