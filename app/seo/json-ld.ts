/**
 * Pure builders for schema.org structured data (JSON-LD). The /$locale route describes the
 * organization; page routes describe themselves and point at it by its @id.
 */
import type {
  AutomotiveBusiness,
  BreadcrumbList,
  ItemList,
  ImageObject,
  NewsArticle,
  DayOfWeek,
  OpeningHoursSpecification,
  Organization,
  QuantitativeValue,
  Thing,
  WithContext,
} from 'schema-dts'
import type { Locale } from '../../app.config'
import { isoTime, parseOpeningHours } from '../locations/opening-hours'
import { absoluteUrl } from './meta'

/**
 * A JSON-LD item, typed by schema-dts (the schema.org vocabulary as TypeScript): a misspelt
 * property or a value of the wrong type fails `npm run typecheck`.
 */
export type JsonLd = WithContext<Thing>

/** The organization's @id: every other item refers to it by this. */
export function organizationId(siteUrl: string): string {
  return `${absoluteUrl(siteUrl, '/')}#organization`
}

/** The organization's logo: a square PNG (scripts/generate-images.mjs), as search engines want a raster image. */
export const logo = { path: '/icon-512.png', width: 512, height: 512 } as const

/** A size in pixels, as schema.org wants it (a QuantitativeValue; E37 is UN/CEFACT's pixel). */
function pixels(value: number): QuantitativeValue {
  return { '@type': 'QuantitativeValue', value, unitCode: 'E37' }
}

function logoJsonLd(siteUrl: string): ImageObject {
  return { '@type': 'ImageObject', url: absoluteUrl(siteUrl, logo.path), width: pixels(logo.width), height: pixels(logo.height) }
}

export function organizationJsonLd(
  site: { title: string; socialLinks: ReadonlyArray<{ url: string }> },
  siteUrl: string,
): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(siteUrl),
    name: site.title,
    url: absoluteUrl(siteUrl, '/'),
    logo: logoJsonLd(siteUrl),
    ...(site.socialLinks.length ? { sameAs: site.socialLinks.map((link) => link.url) } : {}),
  }
}

export interface ArticleInput {
  headline: string
  description?: string
  /** ISO date. */
  published?: string
  /** ISO date of the last change; the publication date when the item has none. */
  modified?: string
  imageUrl?: string
  locale: Locale
  /** Absolute URL of the article page. */
  url: string
}

/**
 * A news article, published (and written) by the organization. The organization is written out
 * (name, logo), not only referred to by @id: Google reads an article's publisher from the
 * article itself.
 */
export function newsArticleJsonLd(article: ArticleInput, organizationName: string, siteUrl: string): WithContext<NewsArticle> {
  const organization: Organization = {
    '@type': 'Organization',
    '@id': organizationId(siteUrl),
    name: organizationName,
    url: absoluteUrl(siteUrl, '/'),
    logo: logoJsonLd(siteUrl),
  }
  const modified = article.modified ?? article.published
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.headline,
    ...(article.description ? { description: article.description } : {}),
    ...(article.published ? { datePublished: article.published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    ...(article.imageUrl ? { image: [absoluteUrl(siteUrl, article.imageUrl)] } : {}),
    inLanguage: article.locale,
    mainEntityOfPage: article.url,
    publisher: organization,
    author: organization,
  }
}

export interface LocationInput {
  id: string
  name: string
  type: string
  address: { street: string; postalCode: string; city: string; country: string }
  lat: number
  lng: number
  phone?: string | null
  email?: string | null
  openingHours: ReadonlyArray<string>
}

const schemaTypes: Record<string, Exclude<AutomotiveBusiness, string>['@type']> = {
  dealer: 'AutoDealer',
  carbodyrepairshop: 'AutoBodyShop',
  leaselocation: 'AutoRental',
  otherlocation: 'AutomotiveBusiness',
}

/**
 * One location as its kind of business, part of the organization; `pageUrl` is its own page.
 * Its image is the page's share image (a location has no photo of its own), else the logo: a
 * business without one is incomplete to search engines. No priceRange: the content has no
 * prices to give one from.
 */
export function locationJsonLd(
  location: LocationInput,
  pageUrl: string,
  siteUrl: string,
  image?: { url: string; width: number; height: number },
): WithContext<AutomotiveBusiness> {
  return {
    '@context': 'https://schema.org',
    '@type': schemaTypes[location.type] ?? 'AutomotiveBusiness',
    '@id': `${pageUrl}#${location.id}`,
    name: location.name,
    url: pageUrl,
    address: {
      '@type': 'PostalAddress',
      streetAddress: location.address.street,
      postalCode: location.address.postalCode,
      addressLocality: location.address.city,
      addressCountry: location.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: location.lat, longitude: location.lng },
    hasMap: `https://www.openstreetmap.org/?mlat=${location.lat}&mlon=${location.lng}#map=16/${location.lat}/${location.lng}`,
    ...(location.phone ? { telephone: location.phone } : {}),
    ...(location.email ? { email: location.email } : {}),
    openingHoursSpecification: location.openingHours.flatMap(openingHoursSpecification),
    image: image
      ? { '@type': 'ImageObject', url: absoluteUrl(siteUrl, image.url), width: pixels(image.width), height: pixels(image.height) }
      : logoJsonLd(siteUrl),
    parentOrganization: { '@id': organizationId(siteUrl) },
  }
}

/** A list page's items as links to their own pages, in the order shown (absolute URLs). */
export function itemListJsonLd(urls: ReadonlyArray<string>): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: urls.length,
    itemListElement: urls.map((url, index) => ({ '@type': 'ListItem', position: index + 1, url })),
  }
}

/** The trail to a page, current page last; a crumb without a link is the page at `path`. */
export function breadcrumbListJsonLd(
  crumbs: ReadonlyArray<{ title: string; link?: string }>,
  path: string,
  siteUrl: string,
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.title,
      item: absoluteUrl(siteUrl, crumb.link ?? path),
    })),
  }
}

const days: ReadonlyArray<DayOfWeek> = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/**
 * "Mo-Fr 08:00-18:00" → schema.org OpeningHoursSpecification, one per time range
 * (unreadable entries are skipped).
 */
export function openingHoursSpecification(value: string): OpeningHoursSpecification[] {
  const parsed = parseOpeningHours(value)
  if (!parsed) return []
  const dayOfWeek = parsed.days.flatMap((day) => days[day] ?? [])
  return parsed.intervals.map((interval) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek,
    opens: isoTime(interval.opens),
    closes: isoTime(interval.closes),
  }))
}

/** JSON for a <script> element: `<` escaped so content can never close the script. */
export function jsonForScript(value: object): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** A route head's script tag carrying one JSON-LD item. */
export function jsonLdScript(value: JsonLd): { type: 'application/ld+json'; children: string } {
  return { type: 'application/ld+json', children: jsonForScript(value) }
}
