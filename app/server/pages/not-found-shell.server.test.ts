import { describe, expect, it, vi } from 'vitest'

// The CMS's pages, news slugs and locations per language (ISO code): what decides whether a path is missing.
const content = vi.hoisted(() => ({
  down: new Set<string>(),
  pages: { nl_NL: ['/', '/over-ons', '/over-ons/historie', '/vestigingen', '/oud-menu'], en_US: ['/en', '/en/about-us'] } as Record<
    string,
    string[]
  >,
  news: { nl_NL: ['snelladers'], fr_FR: ['bornes-rapides'] } as Record<string, string[]>,
  newsTotal: {} as Record<string, number>,
}))
const cms = vi.hoisted(() => ({
  readSitemap: vi.fn(async ({ locale }: { locale: string }) => {
    if (content.down.has(locale)) throw new Error('CMS down')
    const slugs = content.news[locale] ?? []
    return {
      readPages: (content.pages[locale] ?? []).map((link) => ({ __typename: 'Page', link })),
      readNewsItems: { totalCount: content.newsTotal[locale] ?? slugs.length, nodes: slugs.map((slug) => ({ slug })) },
      readLocations: [{ id: 'utrecht-dealer' }],
    }
  }),
}))
vi.mock('../cms-client/operations.server', () => ({ cms }))

const { missingPage } = await import('./not-found-shell.server')
const at = (path: string) => missingPage(new URL(path, 'https://www.example.nl'))

describe('missingPage', () => {
  const plain = (splat: string) => ({ encoded: splat, decoded: splat })

  it('finds the language, route and missing part of a page, news item or location nobody has', async () => {
    expect(await at('/bestaat-niet')).toEqual({ locale: 'nl', route: 'page', splat: plain('bestaat-niet'), query: false })
    expect(await at('/over-ons/weg/ermee.html')).toEqual({
      locale: 'nl',
      route: 'page',
      splat: plain('over-ons/weg/ermee.html'),
      query: false,
    })
    expect(await at('/en/gone')).toEqual({ locale: 'en', route: 'page', splat: plain('gone'), query: false })
    expect(await at('/nieuws/weg')).toEqual({ locale: 'nl', route: 'news', splat: plain('weg'), query: false })
    expect(await at('/en/news/gone')).toEqual({ locale: 'en', route: 'news', splat: plain('gone'), query: false })
    expect(await at('/vestigingen/nergens-dealer')).toEqual({
      locale: 'nl',
      route: 'location',
      splat: plain('nergens-dealer'),
      query: false,
    })
  })

  it('takes any query, and characters the router writes encoded', async () => {
    expect(await at('/nieuws/weg?a')).toEqual({ locale: 'nl', route: 'news', splat: plain('weg'), query: true })
    expect(await at('/bestaat-niet?x=1&utm_source=y')).toEqual({ locale: 'nl', route: 'page', splat: plain('bestaat-niet'), query: true })
    // No parameter for the router: the page without a query.
    expect(await at('/bestaat-niet?&')).toEqual({ locale: 'nl', route: 'page', splat: plain('bestaat-niet'), query: false })
    expect(await at('/nope~abc')).toEqual({ locale: 'nl', route: 'page', splat: plain('nope~abc'), query: false })
    expect(await at('/de/caf%c3%a9')).toEqual({
      locale: 'de',
      route: 'page',
      splat: { encoded: 'caf%C3%A9', decoded: 'café' },
      query: false,
    })
    expect(await at('/nieuws/z%C3%BC')).toEqual({ locale: 'nl', route: 'news', splat: { encoded: 'z%C3%BC', decoded: 'zü' }, query: false })
  })

  it('leaves news slugs of any language and known locations to the router (an item, or a redirect to it)', async () => {
    for (const path of ['/nieuws/snelladers', '/nieuws/bornes-rapides', '/en/news/Snelladers', '/vestigingen/utrecht-dealer'])
      expect(await at(path), path).toBeNull()
  })

  it('renders news 404s when a language lists fewer items than it has', async () => {
    content.newsTotal.fr_FR = 5000
    try {
      expect(await at('/nieuws/weg')).toBeNull()
    } finally {
      delete content.newsTotal.fr_FR
    }
    expect(await at('/nieuws/weg')).not.toBeNull()
  })

  it('leaves every page the CMS has, in any case of letters, to the router', async () => {
    for (const path of ['/over-ons', '/over-ons/historie', '/Over-Ons', '/en/about-us', '/en/About-Us', '/oud-menu']) {
      expect(await at(path), path).toBeNull()
    }
  })

  it('leaves fixed routes, redirects, characters it cannot take and a failing CMS to the router', async () => {
    content.down.add('de_DE')
    for (const path of [
      '/',
      '/en',
      '/nieuws',
      '/nieuws/feed.xml',
      '/nieuws/a/b',
      '/vestigingen/Hoofdletters',
      '/vestigingen/a/b',
      '/privacy',
      // Another language's news segment and a slash at the end: redirects (middleware/canonical-paths.ts).
      '/en/nieuws/x',
      '/bestaat-niet/',
      '/nl/bestaat-niet',
      // Characters the template cannot take, another spelling of a path, a fixed route's segment.
      '/a%20b',
      '/a%7Eb',
      '/~zz',
      // A news slug or page some language has, decoded.
      '/nieuws/Snelladers?x',
      '/over-ons?x=1',
      '/api/nope',
      '/media/nope.png',
      '/de/weg',
    ]) {
      expect(await at(path), path).toBeNull()
    }
    content.down.delete('de_DE')
  })
})
