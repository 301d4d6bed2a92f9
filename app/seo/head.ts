/**
 * Pure helpers that turn route matches into the document head. Pages put
 * `{ seo: {...} }` in their loader data; the /$locale route provides the site
 * data; the root route provides the site URL. Only the root route writes the
 * head, so the error title (the status message) can never be overridden.
 */
import * as v from 'valibot'
import { defaultLocale, languageOf, languages, localeCodes, type Locale } from '../../app.config'

const imageSchema = v.object({ url: v.string(), width: v.number(), height: v.number(), alt: v.string() })

const seoDataSchema = v.object({
  seo: v.object({
    title: v.string(),
    description: v.optional(v.string()),
    image: v.optional(imageSchema),
    type: v.optional(v.picklist(['website', 'article'])),
    /** ISO date of a news article. */
    published: v.optional(v.string()),
    /** Public paths of the page in each language that has it (default: the same route in every language). */
    translations: v.optional(v.record(v.picklist(localeCodes), v.string())),
    /** Locations shown on the page (structured data for each). */
    locations: v.optional(
      v.array(
        v.object({
          id: v.string(),
          name: v.string(),
          type: v.string(),
          address: v.object({ street: v.string(), postalCode: v.string(), city: v.string(), country: v.string() }),
          lat: v.number(),
          lng: v.number(),
          phone: v.nullish(v.string()),
          email: v.nullish(v.string()),
          openingHours: v.array(v.string()),
        }),
      ),
    ),
    /** The trail shown on the page, current page last (public paths). */
    breadcrumbs: v.optional(v.array(v.object({ title: v.string(), link: v.optional(v.string()) }))),
  }),
})

const siteDataSchema = v.object({
  site: v.object({
    title: v.string(),
    tagline: v.nullish(v.string()),
    ogImage: v.nullish(imageSchema),
    socialLinks: v.optional(v.array(v.object({ url: v.string() })), []),
  }),
})

export interface MatchLike {
  status: string
  loaderData?: unknown
  error?: unknown
}

export type PageSeo = v.InferOutput<typeof seoDataSchema>['seo']
export type SiteSeo = v.InferOutput<typeof siteDataSchema>['site']

/** The deepest page's SEO data, if any page provides it. */
export function pageSeoOf(matches: ReadonlyArray<MatchLike>): PageSeo | undefined {
  for (const match of [...matches].reverse()) {
    const parsed = v.safeParse(seoDataSchema, match.loaderData)
    if (parsed.success) return parsed.output.seo
  }
  return undefined
}

export function siteSeoOf(matches: ReadonlyArray<MatchLike>): SiteSeo | undefined {
  for (const match of matches) {
    const parsed = v.safeParse(siteDataSchema, match.loaderData)
    if (parsed.success) return parsed.output.site
  }
  return undefined
}

/** "Page – Site", the page title alone when it names the site, or the error's status message. */
export function documentTitle(options: { errorTitle?: string; page?: PageSeo; site?: SiteSeo }): string {
  if (options.errorTitle) return options.errorTitle
  const siteTitle = options.site?.title
  const pageTitle = options.page?.title
  if (pageTitle && siteTitle && !pageTitle.includes(siteTitle)) return `${pageTitle} – ${siteTitle}`
  return pageTitle ?? siteTitle ?? ''
}

/** JSON for a <script> element: `<` escaped so content can never close the script. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

export interface HeadInput {
  siteUrl: string
  /** Own origin of some languages (LOCALE_DOMAINS); the others use siteUrl. */
  localeOrigins?: Partial<Record<Locale, string>>
  locale: Locale
  /** Public path (and query) of this page. */
  path: string
  /** Public path of this page in every language, when the page has no own list. */
  sameRouteTranslations: Record<Locale, string>
  errorTitle?: string
  page?: PageSeo
  site?: SiteSeo
}

type Meta = { title: string } | { name: string; content: string } | { property: string; content: string }

export interface Head {
  meta: Meta[]
  links: Array<{ rel: string; href: string; hrefLang?: string }>
  jsonLd: unknown[]
}

/** Everything SEO in the head of a page: title, description, canonical, hreflang, Open Graph, Twitter, JSON-LD. */
export function buildHead(input: HeadInput): Head {
  const { siteUrl, locale, page, site } = input
  const absolute = (path: string) => new URL(path, siteUrl).href
  const absoluteIn = (code: Locale, path: string) => new URL(path, input.localeOrigins?.[code] ?? siteUrl).href
  const title = documentTitle(input)
  const language = languageOf(locale)
  const meta: Meta[] = [{ title }]
  const links: Head['links'] = []
  const organization = site
    ? {
        '@type': 'Organization',
        '@id': `${absolute('/')}#organization`,
        name: site.title,
        url: absolute('/'),
        logo: absolute('/favicon.svg'),
        ...(site.socialLinks.length ? { sameAs: site.socialLinks.map((l) => l.url) } : {}),
      }
    : undefined
  const jsonLd: unknown[] = organization ? [{ '@context': 'https://schema.org', ...organization }] : []

  // Error pages are not for indexing: title only.
  if (input.errorTitle) {
    meta.push({ name: 'robots', content: 'noindex' })
    return { meta, links, jsonLd }
  }

  const canonical = absoluteIn(locale, input.path)
  const description = page?.description ?? site?.tagline ?? undefined
  const image = page?.image ?? site?.ogImage ?? undefined
  if (description) meta.push({ name: 'description', content: description })
  links.push({ rel: 'canonical', href: canonical })

  const translations: Partial<Record<Locale, string>> = page?.translations ?? input.sameRouteTranslations
  for (const code of localeCodes) {
    const path = translations[code]
    if (path) links.push({ rel: 'alternate', hrefLang: code, href: absoluteIn(code, path) })
  }
  const defaultPath = translations[defaultLocale]
  if (defaultPath) links.push({ rel: 'alternate', hrefLang: 'x-default', href: absoluteIn(defaultLocale, defaultPath) })

  meta.push(
    { property: 'og:title', content: page?.title ?? title },
    { property: 'og:type', content: page?.type ?? 'website' },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: language?.iso ?? locale },
  )
  for (const other of languages) {
    if (other.code !== locale && translations[other.code]) meta.push({ property: 'og:locale:alternate', content: other.iso })
  }
  if (site) meta.push({ property: 'og:site_name', content: site.title })
  if (description) meta.push({ property: 'og:description', content: description })
  if (image) {
    meta.push(
      { property: 'og:image', content: absolute(image.url) },
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
      { property: 'og:image:alt', content: image.alt },
    )
  }
  meta.push({ name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' }, { name: 'twitter:title', content: page?.title ?? title })
  if (description) meta.push({ name: 'twitter:description', content: description })
  if (image) meta.push({ name: 'twitter:image', content: absolute(image.url) })

  if (page?.type === 'article') {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: page.title,
      ...(page.description ? { description: page.description } : {}),
      ...(page.published ? { datePublished: page.published } : {}),
      ...(page.image ? { image: [absolute(page.image.url)] } : {}),
      inLanguage: locale,
      mainEntityOfPage: canonical,
      ...(organization ? { publisher: { '@id': organization['@id'] }, author: { '@id': organization['@id'] } } : {}),
    })
  }
  for (const location of page?.locations ?? []) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': schemaTypes[location.type] ?? 'AutomotiveBusiness',
      '@id': `${canonical}#${location.id}`,
      name: location.name,
      address: {
        '@type': 'PostalAddress',
        streetAddress: location.address.street,
        postalCode: location.address.postalCode,
        addressLocality: location.address.city,
        addressCountry: location.address.country,
      },
      geo: { '@type': 'GeoCoordinates', latitude: location.lat, longitude: location.lng },
      ...(location.phone ? { telephone: location.phone } : {}),
      ...(location.email ? { email: location.email } : {}),
      openingHoursSpecification: location.openingHours.flatMap(openingHoursSpecification),
      ...(organization ? { parentOrganization: { '@id': organization['@id'] } } : {}),
    })
  }
  if (page?.breadcrumbs && page.breadcrumbs.length > 1) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: page.breadcrumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.title,
        item: absolute(crumb.link ?? input.path),
      })),
    })
  }
  return { meta, links, jsonLd }
}

const schemaTypes: Record<string, string> = {
  dealer: 'AutoDealer',
  carbodyrepairshop: 'AutoBodyShop',
  leaselocation: 'AutoRental',
  otherlocation: 'AutomotiveBusiness',
}

const days: Record<string, string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
}
const dayOrder = Object.keys(days)

/** "Mo-Fr 08:00-18:00" → schema.org OpeningHoursSpecification (unparseable entries are skipped). */
export function openingHoursSpecification(value: string): Array<Record<string, unknown>> {
  const match = /^([A-Z][a-z])(?:-([A-Z][a-z]))? (\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(value.trim())
  if (!match) return []
  const [, from = '', to, opens, closes] = match
  const start = dayOrder.indexOf(from)
  const end = to ? dayOrder.indexOf(to) : start
  if (start < 0 || end < start) return []
  return [
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: dayOrder.slice(start, end + 1).map((day) => days[day]),
      opens,
      closes,
    },
  ]
}
