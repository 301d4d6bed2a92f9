/**
 * The head of a page route: everything SEO about one page, from the `seo` its loader returned.
 * The document-wide tags (charset, styles, an error's title) are the root route's; the
 * organization's JSON-LD is the /$locale route's.
 */
import type { Locale } from '../../app.config'
import { locationsPath } from '../locations/paths'
import {
  breadcrumbListJsonLd,
  itemListJsonLd,
  jsonLdScript,
  locationJsonLd,
  newsArticleJsonLd,
  type JsonLd,
  type LocationInput,
} from './json-ld'
import {
  absoluteUrlIn,
  documentTitle,
  languageLinks,
  openGraphMeta,
  twitterMeta,
  type LinkTag,
  type MetaTag,
  type Origins,
  type SeoImage,
  type Translations,
} from './meta'

/** What a page's head takes from the site: its name, default description and image, and its origins. */
export interface SiteSeo extends Origins {
  title: string
  tagline: string | null
  ogImage: SeoImage | null
}

export interface PageSeo {
  site: SiteSeo
  locale: Locale
  /** Public path (and query) of this page: its canonical. */
  path: string
  title: string
  description?: string | null
  image?: SeoImage | null
  type?: 'website' | 'article'
  /** ISO date of a news article. */
  published?: string
  /** ISO date of a news article's last change (when the CMS knows one). */
  modified?: string
  /** Public paths of this page in every language that has it. */
  translations: Translations
  /** The trail shown on the page, current page last (public paths). */
  breadcrumbs: ReadonlyArray<{ title: string; link?: string }>
  /** The location this page is about (its business, with opening hours). */
  location?: LocationInput
  /**
   * Locations listed on the page: an ItemList of links to their own pages, which describe them
   * (the same objects the list renders, so the page's data carries them once).
   */
  locationList?: ReadonlyArray<{ id: string }>
  /** A feed of this page's content (the news pages' Atom feed): its public path and title. */
  feed?: { path: string; title: string }
}

export interface HeadTags {
  meta: MetaTag[]
  links: LinkTag[]
  scripts: Array<ReturnType<typeof jsonLdScript>>
}

/** Title, description, canonical, hreflang, Open Graph, Twitter and the page's JSON-LD; nothing when the loader failed. */
export function pageHead(seo: PageSeo | undefined): HeadTags {
  if (!seo) return { meta: [], links: [], scripts: [] }
  const { site, locale, path } = seo
  const url = absoluteUrlIn(site, locale, path)
  const description = seo.description ?? site.tagline ?? undefined
  const image = seo.image ?? site.ogImage ?? undefined
  const meta: MetaTag[] = [{ title: documentTitle(seo.title, site.title) }]
  if (description) meta.push({ name: 'description', content: description })
  meta.push(
    ...openGraphMeta({
      title: seo.title,
      type: seo.type ?? 'website',
      url,
      locale,
      translations: seo.translations,
      siteName: site.title,
      siteUrl: site.siteUrl,
      description,
      image,
    }),
    ...twitterMeta({ title: seo.title, siteUrl: site.siteUrl, description, image }),
  )

  const jsonLd: JsonLd[] = []
  if (seo.type === 'article') {
    jsonLd.push(
      newsArticleJsonLd(
        {
          headline: seo.title,
          description: seo.description ?? undefined,
          published: seo.published,
          modified: seo.modified,
          imageUrl: seo.image?.url,
          locale,
          url,
        },
        site.title,
        site.siteUrl,
      ),
    )
  }
  if (seo.location) jsonLd.push(locationJsonLd(seo.location, url, site.siteUrl, image))
  if (seo.locationList?.length) {
    jsonLd.push(itemListJsonLd(seo.locationList.map((item) => absoluteUrlIn(site, locale, locationsPath(locale, item.id)))))
  }
  // A trail of one (the page itself) says nothing.
  if (seo.breadcrumbs.length > 1) jsonLd.push(breadcrumbListJsonLd(seo.breadcrumbs, path, site.siteUrl))

  const links = languageLinks(site, locale, path, seo.translations)
  if (seo.feed)
    links.push({ rel: 'alternate', type: 'application/atom+xml', title: seo.feed.title, href: absoluteUrlIn(site, locale, seo.feed.path) })
  return { meta, links, scripts: jsonLd.map(jsonLdScript) }
}
