import { describe, expect, it } from 'vitest'
import { documentTitle, errorMeta, languageLinks, ogLocaleAlternates, openGraphMeta, twitterMeta, type LinkTag, type Origins } from './meta'

const origins: Origins = { siteUrl: 'https://www.example.com', localeOrigins: {} }
const sameRoute = { nl: '/nieuws', en: '/en/news', de: '/de/nachricht', fr: '/fr/actualites', da: '/da/nyheder' }

function hrefs(links: LinkTag[], rel: string) {
  return links.filter((l) => l.rel === rel).map((l) => `${l.hrefLang ?? ''} ${l.href}`.trim())
}

describe('documentTitle', () => {
  it('builds "Page – Site"', () => {
    expect(documentTitle('Over ons', 'Autogroep Horizon')).toBe('Over ons – Autogroep Horizon')
  })
  it('uses the page title alone when it names the site', () => {
    expect(documentTitle('Autogroep Horizon', 'Autogroep Horizon')).toBe('Autogroep Horizon')
    expect(documentTitle('Autogroep Horizon – dealers', 'Autogroep Horizon')).toBe('Autogroep Horizon – dealers')
  })
  it('stays within what search results show: the site name goes first, then the title is cut at a word', () => {
    const news = 'Kostenloser Wintercheck im Oktober und November'
    expect(documentTitle(news, 'Autogroep Horizon')).toBe(news)
    const long = 'Ein sehr langer Titel einer Nachricht, der allein schon weit über das hinausgeht, was eine Suchmaschine zeigt'
    const title = documentTitle(long, 'Autogroep Horizon')
    expect(title.length).toBeLessThanOrEqual(65)
    expect(title).toBe('Ein sehr langer Titel einer Nachricht, der allein schon weit…')
  })
})

describe('errorMeta', () => {
  it('titles an error page by its status message and keeps it out of the index', () => {
    expect(errorMeta('Page Not Found: /x')).toEqual([{ title: 'Page Not Found: /x' }, { name: 'robots', content: 'noindex' }])
  })
})

describe('languageLinks', () => {
  it('gives an absolute canonical and hreflang for every language plus x-default', () => {
    const links = languageLinks(origins, 'en', '/en/news?page=2', sameRoute)
    expect(hrefs(links, 'canonical')).toEqual(['https://www.example.com/en/news?page=2'])
    expect(hrefs(links, 'alternate')).toEqual([
      'nl https://www.example.com/nieuws',
      'en https://www.example.com/en/news',
      'de https://www.example.com/de/nachricht',
      'fr https://www.example.com/fr/actualites',
      'da https://www.example.com/da/nyheder',
      'x-default https://www.example.com/nieuws',
    ])
  })

  it("uses a language's own domain where one is configured", () => {
    const links = languageLinks({ ...origins, localeOrigins: { de: 'https://www.example.de' } }, 'de', '/de/nachricht', sameRoute)
    expect(hrefs(links, 'canonical')).toEqual(['https://www.example.de/de/nachricht'])
    expect(hrefs(links, 'alternate')).toContain('de https://www.example.de/de/nachricht')
    expect(hrefs(links, 'alternate')).toContain('en https://www.example.com/en/news')
  })

  it('lists only the languages that have the page (x-default only with nl)', () => {
    const links = languageLinks(origins, 'en', '/en/news/x', { en: '/en/news/x', de: '/de/nachricht/y' })
    expect(hrefs(links, 'alternate')).toEqual(['en https://www.example.com/en/news/x', 'de https://www.example.com/de/nachricht/y'])
  })
})

describe('ogLocaleAlternates', () => {
  it('lists every other language that has the page, as Open Graph locales', () => {
    expect(ogLocaleAlternates('en', sameRoute)).toEqual(['nl_NL', 'de_DE', 'fr_FR', 'da_DK'])
    expect(ogLocaleAlternates('en', { en: '/en/news', de: '/de/nachricht' })).toEqual(['de_DE'])
    expect(ogLocaleAlternates('nl', { nl: '/x' })).toEqual([])
  })
})

describe('openGraphMeta and twitterMeta', () => {
  const image = { url: '/media/a.webp', width: 1200, height: 630, alt: 'A' }
  const input = {
    title: 'News',
    type: 'website' as const,
    url: 'https://www.example.com/en/news',
    locale: 'en' as const,
    translations: { en: '/en/news', de: '/de/nachricht' },
    siteName: 'Autogroep Horizon',
    siteUrl: 'https://www.example.com',
  }

  it('describes the page, its language and the languages that have it', () => {
    const meta = openGraphMeta({ ...input, description: 'D' })
    expect(meta).toContainEqual({ property: 'og:locale', content: 'en_US' })
    expect(meta).toContainEqual({ property: 'og:url', content: 'https://www.example.com/en/news' })
    // Rendered apart (the router keeps one tag per property): see ogLocaleAlternates.
    expect(meta.filter((tag) => 'property' in tag && tag.property === 'og:locale:alternate')).toEqual([])
    expect(meta).toContainEqual({ property: 'og:site_name', content: 'Autogroep Horizon' })
    expect(meta).toContainEqual({ property: 'og:description', content: 'D' })
  })

  it('gives the image as an absolute URL with its size', () => {
    const meta = openGraphMeta({ ...input, image })
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://www.example.com/media/a.webp' })
    expect(meta).toContainEqual({ property: 'og:image:width', content: '1200' })
    expect(twitterMeta({ title: 'News', siteUrl: input.siteUrl, image })).toEqual([
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: 'News' },
      { name: 'twitter:image', content: 'https://www.example.com/media/a.webp' },
    ])
  })

  it('is a small card without an image', () => {
    expect(twitterMeta({ title: 'News', siteUrl: input.siteUrl })).toContainEqual({ name: 'twitter:card', content: 'summary' })
  })
})
