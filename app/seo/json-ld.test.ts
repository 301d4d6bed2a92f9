import { describe, expect, it } from 'vitest'
import {
  breadcrumbListJsonLd,
  jsonForScript,
  itemListJsonLd,
  locationJsonLd,
  newsArticleJsonLd,
  openingHoursSpecification,
  organizationJsonLd,
} from './json-ld'

const siteUrl = 'https://www.example.com'
const logo = {
  '@type': 'ImageObject',
  url: 'https://www.example.com/icon-512.png',
  width: { '@type': 'QuantitativeValue', value: 512, unitCode: 'E37' },
  height: { '@type': 'QuantitativeValue', value: 512, unitCode: 'E37' },
}
const organization = {
  '@type': 'Organization',
  '@id': 'https://www.example.com/#organization',
  name: 'Autogroep Horizon',
  url: 'https://www.example.com/',
  logo,
}

describe('organizationJsonLd', () => {
  it('names the organization with its social profiles', () => {
    expect(organizationJsonLd({ title: 'Autogroep Horizon', socialLinks: [{ url: 'https://social.example/h' }] }, siteUrl)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://www.example.com/#organization',
      name: 'Autogroep Horizon',
      url: 'https://www.example.com/',
      logo,
      sameAs: ['https://social.example/h'],
    })
    expect(organizationJsonLd({ title: 'A', socialLinks: [] }, siteUrl)).not.toHaveProperty('sameAs')
  })
})

describe('newsArticleJsonLd', () => {
  it('is published and written by the organization, named with its logo in the article itself', () => {
    const article = newsArticleJsonLd(
      { headline: 'X', published: '2026-11-12', imageUrl: '/media/x.webp', locale: 'en', url: 'https://www.example.com/en/news/x' },
      'Autogroep Horizon',
      siteUrl,
    )
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'X',
      datePublished: '2026-11-12',
      // Never changed since publication: modified when published.
      dateModified: '2026-11-12',
      image: ['https://www.example.com/media/x.webp'],
      inLanguage: 'en',
      mainEntityOfPage: 'https://www.example.com/en/news/x',
      publisher: organization,
      author: organization,
    })
    expect(article).not.toHaveProperty('description')
  })

  it('gives the last change as dateModified when there is one', () => {
    const input = {
      headline: 'X',
      published: '2026-11-12',
      modified: '2026-11-20',
      locale: 'en' as const,
      url: 'https://www.example.com/x',
    }
    expect(newsArticleJsonLd(input, 'A', siteUrl)).toMatchObject({ datePublished: '2026-11-12', dateModified: '2026-11-20' })
  })
})

describe('breadcrumbListJsonLd', () => {
  it('lists the trail with absolute URLs; a crumb without a link is the page itself', () => {
    expect(breadcrumbListJsonLd([{ title: 'Home', link: '/en' }, { title: 'News' }], '/en/news', siteUrl)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.com/en' },
        { '@type': 'ListItem', position: 2, name: 'News', item: 'https://www.example.com/en/news' },
      ],
    })
  })
})

describe('location structured data', () => {
  it('converts opening hours', () => {
    expect(openingHoursSpecification('Mo-Fr 08:00-18:00')).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '18:00',
      },
    ])
    expect(openingHoursSpecification('Sa 09:00-17:00')[0]).toMatchObject({ dayOfWeek: ['Saturday'] })
    expect(openingHoursSpecification('Mo,We 09:00-12:00,13:00-17:00')).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Wednesday'], opens: '09:00', closes: '12:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Wednesday'], opens: '13:00', closes: '17:00' },
    ])
    expect(openingHoursSpecification('by appointment')).toEqual([])
  })

  it('lists items as links to their own pages', () => {
    expect(itemListJsonLd(['https://www.example.com/a', 'https://www.example.com/b'])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: 'https://www.example.com/a' },
        { '@type': 'ListItem', position: 2, url: 'https://www.example.com/b' },
      ],
    })
  })

  it('describes each location as its business type, part of the organization', () => {
    const location = {
      id: 'k',
      name: 'Horizon Köln',
      type: 'carbodyrepairshop',
      address: { street: 'S 1', postalCode: '50829', city: 'Köln', country: 'DE' },
      lat: 50.9,
      lng: 6.9,
      phone: '+49 1',
      email: null,
      openingHours: ['Mo-Fr 07:30-17:30'],
    }
    const shop = locationJsonLd(location, 'https://www.example.com/de/standorte/k', siteUrl)
    expect(shop).toMatchObject({
      '@type': 'AutoBodyShop',
      '@id': 'https://www.example.com/de/standorte/k#k',
      url: 'https://www.example.com/de/standorte/k',
      name: 'Horizon Köln',
      openingHoursSpecification: [{ dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:30', closes: '17:30' }],
      geo: { latitude: 50.9, longitude: 6.9 },
      telephone: '+49 1',
      address: { addressCountry: 'DE', addressLocality: 'Köln' },
      parentOrganization: { '@id': organization['@id'] },
    })
    expect(shop).not.toHaveProperty('email')
    // An image it always has: the page's share image, else the organization's logo.
    expect(shop).toMatchObject({ image: organization.logo })
    expect(
      locationJsonLd(location, 'https://www.example.com/x', siteUrl, { url: '/media/og-default.webp', width: 1200, height: 630 }),
    ).toMatchObject({
      image: {
        '@type': 'ImageObject',
        url: `${siteUrl}/media/og-default.webp`,
        width: { '@type': 'QuantitativeValue', value: 1200, unitCode: 'E37' },
        height: { '@type': 'QuantitativeValue', value: 630, unitCode: 'E37' },
      },
    })
    expect(locationJsonLd({ ...location, type: 'unknown' }, 'https://www.example.com/x', siteUrl)).toMatchObject({
      '@type': 'AutomotiveBusiness',
    })
  })
})

describe('jsonForScript', () => {
  it('escapes JSON for script elements', () => {
    expect(jsonForScript({ a: '</script><script>alert(1)</script>' })).not.toContain('</script>')
  })
})
