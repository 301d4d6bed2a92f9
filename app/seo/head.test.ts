import { describe, expect, it } from 'vitest'
import { buildHead, documentTitle, jsonForScript, openingHoursSpecification, pageSeoOf, siteSeoOf, type HeadInput } from './head'

const site = { title: 'Autogroep Horizon', ogImage: null, socialLinks: [] }

describe('head helpers', () => {
  it('builds "Page – Site"', () => {
    expect(documentTitle({ page: { title: 'Over ons' }, site })).toBe('Over ons – Autogroep Horizon')
  })
  it('uses the site name alone when the page has none or the same', () => {
    expect(documentTitle({ site })).toBe('Autogroep Horizon')
    expect(documentTitle({ page: { title: 'Autogroep Horizon' }, site })).toBe('Autogroep Horizon')
    expect(documentTitle({ page: { title: 'Autogroep Horizon – dealers' }, site })).toBe('Autogroep Horizon – dealers')
  })
  it('lets the error title win', () => {
    expect(documentTitle({ errorTitle: 'Page Not Found: /x', page: { title: 'Over ons' }, site })).toBe('Page Not Found: /x')
  })
  it('finds the deepest page SEO and the site data in matches', () => {
    const matches = [
      { status: 'success', loaderData: undefined },
      { status: 'success', loaderData: { site, navigation: {} } },
      { status: 'success', loaderData: { seo: { title: 'A' } } },
      { status: 'success', loaderData: { seo: { title: 'B', description: 'd' } } },
    ]
    expect(pageSeoOf(matches)).toEqual({ title: 'B', description: 'd' })
    expect(siteSeoOf(matches)?.title).toBe('Autogroep Horizon')
  })
})

const sameRoute = { nl: '/nieuws', en: '/en/news', de: '/de/nachricht', fr: '/fr/actualites', da: '/da/nyheder' }
const base: HeadInput = { siteUrl: 'https://www.example.com', locale: 'en', path: '/en/news', sameRouteTranslations: sameRoute, site }

function linkHrefs(head: ReturnType<typeof buildHead>, rel: string) {
  return head.links.filter((l) => l.rel === rel).map((l) => `${l.hrefLang ?? ''} ${l.href}`.trim())
}

describe('buildHead', () => {
  it('gives an absolute canonical and hreflang for every language plus x-default', () => {
    const head = buildHead({ ...base, page: { title: 'News' } })
    expect(linkHrefs(head, 'canonical')).toEqual(['https://www.example.com/en/news'])
    expect(linkHrefs(head, 'alternate')).toEqual([
      'nl https://www.example.com/nieuws',
      'en https://www.example.com/en/news',
      'de https://www.example.com/de/nachricht',
      'fr https://www.example.com/fr/actualites',
      'da https://www.example.com/da/nyheder',
      'x-default https://www.example.com/nieuws',
    ])
  })

  it('uses a language\'s own domain where one is configured', () => {
    const head = buildHead({ ...base, localeOrigins: { de: 'https://www.example.de' }, page: { title: 'News' } })
    expect(linkHrefs(head, 'alternate')).toContain('de https://www.example.de/de/nachricht')
    expect(linkHrefs(head, 'alternate')).toContain('en https://www.example.com/en/news')
  })

  it('lists only existing translations when the page names them', () => {
    const head = buildHead({ ...base, path: '/en/news/x', page: { title: 'X', translations: { en: '/en/news/x', de: '/de/nachricht/y' } } })
    expect(linkHrefs(head, 'alternate')).toEqual(['en https://www.example.com/en/news/x', 'de https://www.example.com/de/nachricht/y'])
    expect(head.meta).toContainEqual({ property: 'og:locale:alternate', content: 'de_DE' })
    expect(head.meta).not.toContainEqual({ property: 'og:locale:alternate', content: 'fr_FR' })
  })

  it('has Open Graph and Twitter tags with an absolute image', () => {
    const image = { url: '/media/a.webp', width: 1200, height: 630, alt: 'A' }
    const head = buildHead({ ...base, page: { title: 'News', description: 'D', image } })
    expect(head.meta).toContainEqual({ property: 'og:image', content: 'https://www.example.com/media/a.webp' })
    expect(head.meta).toContainEqual({ property: 'og:locale', content: 'en_US' })
    expect(head.meta).toContainEqual({ property: 'og:url', content: 'https://www.example.com/en/news' })
    expect(head.meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
    expect(head.meta).toContainEqual({ name: 'description', content: 'D' })
  })

  it('adds Organization everywhere, NewsArticle for articles and BreadcrumbList for trails', () => {
    const head = buildHead({
      ...base,
      path: '/en/news/x',
      page: {
        title: 'X',
        type: 'article',
        published: '2026-11-12',
        breadcrumbs: [{ title: 'Home', link: '/en' }, { title: 'News', link: '/en/news' }, { title: 'X', link: '/en/news/x' }],
      },
    })
    const types = head.jsonLd.map((item) => JSON.parse(JSON.stringify(item))['@type'])
    expect(types).toEqual(['Organization', 'NewsArticle', 'BreadcrumbList'])
    const article = JSON.parse(JSON.stringify(head.jsonLd[1]))
    expect(article).toMatchObject({ headline: 'X', datePublished: '2026-11-12', publisher: { '@id': 'https://www.example.com/#organization' } })
  })

  it('marks error pages noindex and keeps their title', () => {
    const head = buildHead({ ...base, errorTitle: 'Page Not Found: /x' })
    expect(head.meta).toContainEqual({ title: 'Page Not Found: /x' })
    expect(head.meta).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(linkHrefs(head, 'canonical')).toEqual([])
  })

  it('escapes JSON for script elements', () => {
    expect(jsonForScript({ a: '</script><script>alert(1)</script>' })).not.toContain('</script>')
  })
})

describe('location structured data', () => {
  it('converts opening hours', () => {
    expect(openingHoursSpecification('Mo-Fr 08:00-18:00')).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
    ])
    expect(openingHoursSpecification('Sa 09:00-17:00')[0]).toMatchObject({ dayOfWeek: ['Saturday'] })
    expect(openingHoursSpecification('by appointment')).toEqual([])
  })

  it('describes each location as its business type, linked to the group', () => {
    const head = buildHead({
      ...base,
      page: {
        title: 'Locations',
        locations: [
          {
            id: 'k',
            name: 'Horizon Köln',
            type: 'carbodyrepairshop',
            address: { street: 'S 1', postalCode: '50829', city: 'Köln', country: 'DE' },
            lat: 50.9,
            lng: 6.9,
            phone: '+49 1',
            email: null,
            openingHours: ['Mo-Fr 07:30-17:30'],
          },
        ],
      },
    })
    const shop = JSON.parse(JSON.stringify(head.jsonLd[1]))
    expect(shop).toMatchObject({
      '@type': 'AutoBodyShop',
      name: 'Horizon Köln',
      geo: { latitude: 50.9, longitude: 6.9 },
      telephone: '+49 1',
      address: { addressCountry: 'DE', addressLocality: 'Köln' },
      parentOrganization: { '@id': 'https://www.example.com/#organization' },
    })
  })
})
