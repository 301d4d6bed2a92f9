/**
 * Pure builders for a page's <title>, <meta> and <link> tags. Routes call them from their
 * `head`, with data their own loader returned (see page-head.ts).
 */
import { defaultLocale, isoOf, languages, localeCodes, type Locale } from '../../app.config'

/** An image for link previews (Open Graph, Twitter cards). */
export interface SeoImage {
  url: string
  width: number
  height: number
  alt: string
}

/** Where absolute URLs point: the site's origin, or a language's own (LOCALE_DOMAINS). */
export interface Origins {
  siteUrl: string
  localeOrigins: Partial<Record<Locale, string>>
}

/** Public paths of one page in the languages that have it. */
export type Translations = Partial<Record<Locale, string>>

export type MetaTag = { title: string } | { name: string; content: string } | { property: string; content: string }

export interface LinkTag {
  rel: string
  href: string
  hrefLang?: string
  type?: string
  title?: string
}

/** A path on the site's own origin as an absolute URL. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).href
}

/** A path in a language as an absolute URL: on that language's own domain where it has one. */
export function absoluteUrlIn(origins: Origins, locale: Locale, path: string): string {
  return new URL(path, origins.localeOrigins[locale] ?? origins.siteUrl).href
}

/** About what search results show of a title before they cut it off (characters). */
export const titleLength = 65

/** Text cut to `max` characters at a word's end, with an ellipsis when cut. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const end = cut.lastIndexOf(' ')
  return `${(end > max / 2 ? cut.slice(0, end) : cut).replace(/[\s,;:.–-]+$/, '')}…`
}

/**
 * "Page – Site", or the page title alone when it already names the site or when the pair
 * would run past what search results show (then cut at a word if it is itself too long).
 */
export function documentTitle(pageTitle: string, siteTitle: string): string {
  const full = pageTitle && siteTitle && !pageTitle.includes(siteTitle) ? `${pageTitle} – ${siteTitle}` : pageTitle
  return full.length <= titleLength ? full : shortened(pageTitle, titleLength)
}

/** An error page: its status message as the title, and not for indexing. */
export function errorMeta(statusMessage: string): MetaTag[] {
  return [{ title: statusMessage }, { name: 'robots', content: 'noindex' }]
}

/** The canonical URL, then every language version (hreflang) with nl as x-default. */
export function languageLinks(origins: Origins, locale: Locale, path: string, translations: Translations): LinkTag[] {
  const links: LinkTag[] = [{ rel: 'canonical', href: absoluteUrlIn(origins, locale, path) }]
  for (const code of localeCodes) {
    const other = translations[code]
    if (other) links.push({ rel: 'alternate', hrefLang: code, href: absoluteUrlIn(origins, code, other) })
  }
  const defaultPath = translations[defaultLocale]
  if (defaultPath) links.push({ rel: 'alternate', hrefLang: 'x-default', href: absoluteUrlIn(origins, defaultLocale, defaultPath) })
  return links
}

export interface OpenGraphInput {
  title: string
  type: 'website' | 'article'
  /** Absolute URL of the page (its canonical). */
  url: string
  locale: Locale
  translations: Translations
  siteName: string
  siteUrl: string
  description?: string
  image?: SeoImage
}

/**
 * Open Graph tags (link previews in social media and chat apps). Not og:locale:alternate: the
 * router keeps one meta tag per property, so those are rendered apart (ogLocaleAlternates).
 */
export function openGraphMeta(input: OpenGraphInput): MetaTag[] {
  const meta: MetaTag[] = [
    { property: 'og:title', content: input.title },
    { property: 'og:type', content: input.type },
    { property: 'og:url', content: input.url },
    { property: 'og:locale', content: isoOf(input.locale) },
  ]
  meta.push({ property: 'og:site_name', content: input.siteName })
  if (input.description) meta.push({ property: 'og:description', content: input.description })
  if (input.image) {
    meta.push(
      { property: 'og:image', content: absoluteUrl(input.siteUrl, input.image.url) },
      { property: 'og:image:width', content: String(input.image.width) },
      { property: 'og:image:height', content: String(input.image.height) },
      { property: 'og:image:alt', content: input.image.alt },
    )
  }
  return meta
}

/**
 * og:locale:alternate values: the other languages this page exists in, as Open Graph locales.
 * One tag each (app/components/OgLocaleAlternates.tsx renders them next to the router's head).
 */
export function ogLocaleAlternates(locale: Locale, translations: Translations): string[] {
  return languages.filter((other) => other.code !== locale && translations[other.code]).map((other) => other.iso)
}

/** Twitter card tags: a large image card when there is an image. */
export function twitterMeta(input: { title: string; siteUrl: string; description?: string; image?: SeoImage }): MetaTag[] {
  const meta: MetaTag[] = [
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: input.title },
  ]
  if (input.description) meta.push({ name: 'twitter:description', content: input.description })
  if (input.image) meta.push({ name: 'twitter:image', content: absoluteUrl(input.siteUrl, input.image.url) })
  return meta
}
