import { describe, expect, it, vi } from 'vitest'

// The CMS's pages per language (ISO code): what decides whether a path is a missing page.
const links: Record<string, string[]> = {
  nl_NL: ['/', '/over-ons', '/over-ons/historie', '/vestigingen', '/oud-menu'],
  en_US: ['/en', '/en/about-us'],
}
const cms = vi.hoisted(() => ({
  readPageLinks: vi.fn(async ({ locale }: { locale: string }) => {
    if (locale === 'de_DE') throw new Error('CMS down')
    return { readPages: (links[locale] ?? []).map((link) => ({ __typename: 'Page', link })) }
  }),
}))
vi.mock('./cms/operations.server', () => ({ cms }))

const { missingContentPage } = await import('./not-found-shell.server')
const at = (path: string) => missingContentPage(new URL(path, 'https://www.example.nl'))

describe('missingContentPage', () => {
  it('finds the language and the path after it of a page the CMS does not have', async () => {
    expect(await at('/bestaat-niet')).toEqual({ locale: 'nl', splat: 'bestaat-niet' })
    expect(await at('/over-ons/weg/ermee.html')).toEqual({ locale: 'nl', splat: 'over-ons/weg/ermee.html' })
    expect(await at('/en/gone')).toEqual({ locale: 'en', splat: 'gone' })
  })

  it('leaves every page the CMS has, in any case of letters, to the router', async () => {
    for (const path of ['/over-ons', '/over-ons/historie', '/Over-Ons', '/en/about-us', '/en/About-Us', '/oud-menu']) {
      expect(await at(path), path).toBeNull()
    }
  })

  it('leaves fixed routes, redirects, queries, odd characters and a failing CMS to the router', async () => {
    for (const path of [
      '/',
      '/en',
      '/nieuws',
      '/nieuws/bestaat-niet',
      '/vestigingen/bestaat-niet',
      '/privacy',
      '/en/news/gone',
      // Another language's news segment and a slash at the end: redirects (middleware/canonical-paths.ts).
      '/en/nieuws/x',
      '/bestaat-niet/',
      '/nl/bestaat-niet',
      '/bestaat-niet?x=1',
      '/caf%C3%A9',
      '/a~b',
      '/api/nope',
      '/media/nope.png',
      '/de/weg',
    ]) {
      expect(await at(path), path).toBeNull()
    }
  })
})
