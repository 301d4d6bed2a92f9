import { describe, expect, it } from 'vitest'
import { pageHead, type PageSeo } from './page-head'

const site: PageSeo['site'] = {
  title: 'Autogroep Horizon',
  tagline: 'Dealers and body repair',
  ogImage: { url: '/media/og-default.webp', width: 1200, height: 630, alt: 'Logo' },
  siteUrl: 'https://www.example.com',
  localeOrigins: {},
}

const newsList: PageSeo = {
  site,
  locale: 'en',
  path: '/en/news?page=2',
  title: 'News',
  translations: { nl: '/nieuws?page=2', en: '/en/news?page=2' },
  breadcrumbs: [
    { title: 'Home', link: '/en' },
    { title: 'News', link: '/en/news' },
  ],
}

function jsonLdTypes(seo: PageSeo): unknown[] {
  return pageHead(seo).scripts.map((script) => JSON.parse(script.children)['@type'])
}

describe('pageHead', () => {
  it('has nothing for a page whose loader failed (the root route titles errors)', () => {
    expect(pageHead(undefined)).toEqual({ meta: [], links: [], scripts: [] })
  })

  it('titles the page, falls back to the site tagline and image, and links the languages', () => {
    const head = pageHead(newsList)
    expect(head.meta.slice(0, 3)).toEqual([
      { title: 'News – Autogroep Horizon' },
      { name: 'description', content: 'Dealers and body repair' },
      { property: 'og:title', content: 'News' },
    ])
    expect(head.meta).toContainEqual({ property: 'og:image', content: 'https://www.example.com/media/og-default.webp' })
    expect(head.meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
    expect(head.links.map((l) => `${l.rel} ${l.hrefLang ?? ''} ${l.href}`)).toEqual([
      'canonical  https://www.example.com/en/news?page=2',
      'alternate nl https://www.example.com/nieuws?page=2',
      'alternate en https://www.example.com/en/news?page=2',
      'alternate x-default https://www.example.com/nieuws?page=2',
    ])
    expect(jsonLdTypes(newsList)).toEqual(['BreadcrumbList'])
  })

  it("links the feed of the page on its language's origin (LOCALE_DOMAINS), after the language links", () => {
    const feed = { path: '/en/news/feed.xml', title: 'News – Autogroep Horizon' }
    const head = pageHead({ ...newsList, site: { ...site, localeOrigins: { en: 'https://www.example.co.uk' } }, feed })
    expect(head.links.at(-1)).toEqual({
      rel: 'alternate',
      type: 'application/atom+xml',
      title: 'News – Autogroep Horizon',
      href: 'https://www.example.co.uk/en/news/feed.xml',
    })
    expect(pageHead(newsList).links.some((link) => link.type !== undefined)).toBe(false)
  })

  it("prefers the page's own description and image", () => {
    const image = { url: '/media/a.webp', width: 800, height: 533, alt: 'A' }
    const head = pageHead({ ...newsList, description: 'Own', image })
    expect(head.meta).toContainEqual({ name: 'description', content: 'Own' })
    expect(head.meta).toContainEqual({ property: 'og:image', content: 'https://www.example.com/media/a.webp' })
  })

  it('describes an article and a location, before the trail', () => {
    const article: PageSeo = { ...newsList, path: '/en/news/x', title: 'X', type: 'article', published: '2026-11-12' }
    expect(jsonLdTypes(article)).toEqual(['NewsArticle', 'BreadcrumbList'])
    expect(pageHead(article).meta).toContainEqual({ property: 'og:type', content: 'article' })
    const address = { street: 'S 1', postalCode: '8000', city: 'Aarhus', country: 'DK' }
    const location = { id: 'a', name: 'Horizon Aarhus', type: 'dealer', address, lat: 56.1, lng: 10.2, openingHours: [] }
    expect(jsonLdTypes({ ...newsList, location })).toEqual(['AutoDealer', 'BreadcrumbList'])
  })

  it('lists the locations of a list page as links to their own pages', () => {
    const head = pageHead({ ...newsList, locationList: [{ id: 'a' }, { id: 'b-c' }] })
    const list = head.scripts.map((script) => JSON.parse(script.children)).find((item) => item['@type'] === 'ItemList')
    expect(list).toMatchObject({
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: 'https://www.example.com/en/locations/a' },
        { '@type': 'ListItem', position: 2, url: 'https://www.example.com/en/locations/b-c' },
      ],
    })
  })

  it('has no trail for a page that is its own trail', () => {
    expect(jsonLdTypes({ ...newsList, breadcrumbs: [{ title: 'Home', link: '/en' }] })).toEqual([])
  })
})
