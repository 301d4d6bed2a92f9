import { isoOf, languages, localeOfIso, perLocale, perLocaleAsync, type Locale } from '../../../app.config'
import { locationsPath } from '../../locations/paths'
import { generatedBody } from '../http/compressed-response.server'
import { getRuntimeConfig, type RuntimeConfig } from '../platform/env.server'
import type { CachedPage } from '../http/representation'
import { newsPath } from '../../news/news-paths'
import { cms } from '../cms/operations.server'
import { buildSitemap, buildSitemapIndex, latestDate, sitemapIndexThreshold, type SitemapEntry } from './sitemap'

const codeOf = localeOfIso

type SitemapAnswer = Awaited<ReturnType<typeof cms.readSitemap>>

/** What the sitemap is made from: each language's CMS answer (from the CMS cache) and the config. */
type SitemapSources = Record<Locale, SitemapAnswer> & { config: RuntimeConfig }

async function sitemapSources(): Promise<SitemapSources> {
  const answers = await perLocaleAsync((code) => cms.readSitemap({ locale: isoOf(code) }))
  return { ...answers, config: getRuntimeConfig() }
}

/**
 * The sitemap as fixed bytes, made again only when an answer or the config changed: every public
 * page and news item in every language, with alternates; past sitemapIndexThreshold URLs an index
 * of one sitemap per language, and with `locale` that language's sitemap (ADR 038).
 */
export async function sitemapBody(locale?: Locale): Promise<CachedPage> {
  return generatedBody(locale ? `sitemap ${locale}` : 'sitemap', await sitemapSources(), (sources) => sitemapFrom(sources, locale))
}

/** Where a language's sitemap is served: /sitemap.xml itself, asked for one language. */
export const languageSitemapPath = (locale: Locale) => `/sitemap.xml?lang=${locale}`

function sitemapFrom(sources: SitemapSources, only?: Locale): string {
  const { config } = sources
  const origins = { siteUrl: config.SITE_URL, localeOrigins: config.LOCALE_DOMAINS ?? {} }
  if (only) return buildSitemap(origins, entriesIn(sources, only))
  const perLanguage = languages.map((language) => ({ locale: language.code, entries: entriesIn(sources, language.code) }))
  const count = perLanguage.reduce((sum, { entries }) => sum + entries.length, 0)
  if (count <= sitemapIndexThreshold) {
    return buildSitemap(
      origins,
      perLanguage.flatMap(({ entries }) => entries),
    )
  }
  // On the site's own origin: an index may only name sitemaps on its host.
  return buildSitemapIndex(
    perLanguage.map(({ locale, entries }) => ({
      loc: new URL(languageSitemapPath(locale), config.SITE_URL).href,
      lastmod: latestDate(entries.map((entry) => entry.lastmod)),
    })),
  )
}

/** The sitemap entries of one language: its pages, locations, news list and news items. */
function entriesIn(sources: SitemapSources, locale: Locale): SitemapEntry[] {
  const entries: SitemapEntry[] = []
  const newsLists: Partial<Record<Locale, string>> = {}
  for (const language of languages) newsLists[language.code] = newsPath(language.code)
  const data = sources[locale]
  const pages = data.readPages.filter((page) => page.__typename !== 'RedirectorPage')
  const locations = data.readLocations
  const locationsList = locationsPath(locale)
  for (const page of pages) {
    const alternates: Partial<Record<Locale, string>> = { [locale]: page.link }
    for (const t of page.translations) {
      const code = codeOf(t.locale)
      if (code) alternates[code] = t.link
    }
    // The locations list changes with any location it lists.
    const lastmod =
      page.link === locationsList
        ? (latestDate([page.lastEdited, ...locations.map((l) => l.lastEdited)]) ?? page.lastEdited)
        : page.lastEdited
    entries.push({ locale, path: page.link, lastmod, alternates })
  }
  // Every location has its page in every language, at the same id.
  for (const location of locations) {
    const alternates = perLocale((code) => locationsPath(code, location.id))
    entries.push({ locale, path: alternates[locale], lastmod: location.lastEdited, alternates })
  }
  // The list changes when an item is published: its newest item's date (a language without
  // news yet: its newest page's edit).
  const items = data.readNewsItems.nodes
  const listChanged = latestDate(items.map((item) => item.date)) ?? latestDate(pages.map((page) => page.lastEdited))
  if (listChanged) entries.push({ locale, path: newsPath(locale), lastmod: listChanged, alternates: newsLists })
  for (const item of items) {
    const alternates: Partial<Record<Locale, string>> = { [locale]: newsPath(locale, item.slug) }
    for (const t of item.translations) {
      const code = codeOf(t.locale)
      if (code) alternates[code] = newsPath(code, t.slug)
    }
    entries.push({ locale, path: newsPath(locale, item.slug), lastmod: item.date, alternates })
  }
  return entries
}
