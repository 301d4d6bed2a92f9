import { isoOf, languages, localeOfIso, perLocale, perLocaleAsync, type Locale } from '../../../app.config'
import { locationsPath } from '../../locations/paths'
import { generatedBody } from '../http/compressed-response.server'
import { getRuntimeConfig, type RuntimeConfig } from '../platform/env.server'
import type { CachedPage } from '../http/representation'
import { newsPath } from '../../news/news-paths'
import { cms } from '../cms-client/operations.server'
import { buildSitemapIndex, latestDate, sitemapIndexThreshold, sitemapOf, sitemapSplits, urlElements, type SitemapEntry } from './sitemap'

const codeOf = localeOfIso

type SitemapAnswer = Awaited<ReturnType<typeof cms.readSitemap>>
type NewsPageAnswer = Awaited<ReturnType<typeof cms.readSitemapNews>>

/** A language's sitemap data: the sitemap query's answer and every news item, all pages of them. */
interface LanguageData {
  answer: SitemapAnswer
  news: SitemapAnswer['readNewsItems']['nodes']
}

/** What the sitemap is made from: each language's data (from the CMS cache) and the config. */
type SitemapSources = Record<Locale, LanguageData> & { config: RuntimeConfig }

/** The data made from each sitemap answer and the news pages after it: the same answers give the same object (generatedBody compares sources by identity). */
const languageData = new WeakMap<SitemapAnswer, { pages: NewsPageAnswer[]; data: LanguageData }>()

/**
 * A language's sitemap data: the sitemap query brings the first 1,000 news items (the most the
 * contract gives in one list), the rest come 1,000 at a time (each answer kept by the CMS cache).
 */
async function languageDataOf(code: Locale): Promise<LanguageData> {
  const locale = isoOf(code)
  const answer = await cms.readSitemap({ locale })
  const pages: NewsPageAnswer[] = []
  let count = answer.readNewsItems.nodes.length
  while (count < answer.readNewsItems.totalCount) {
    const page = await cms.readSitemapNews({ locale, offset: count })
    // Fewer items than counted: the content changed in between; its reload brings a new answer.
    if (page.readNewsItems.nodes.length === 0) break
    pages.push(page)
    count += page.readNewsItems.nodes.length
  }
  const known = languageData.get(answer)
  if (known && known.pages.length === pages.length && known.pages.every((page, index) => page === pages[index])) return known.data
  const data = { answer, news: [answer.readNewsItems.nodes, ...pages.map((page) => page.readNewsItems.nodes)].flat() }
  languageData.set(answer, { pages, data })
  return data
}

async function sitemapSources(): Promise<SitemapSources> {
  return { ...(await perLocaleAsync(languageDataOf)), config: getRuntimeConfig() }
}

/**
 * The sitemap as fixed bytes, made again only when an answer or the config changed: every public
 * page and news item in every language, with alternates. Past sitemapIndexThreshold URLs it is an
 * index of each language's sitemaps (ADR 038), each within sitemapLimits (ADR 040): with `locale`,
 * that language's sitemap number `page` (from 1); undefined when it has no such page.
 */
export async function sitemapBody(locale?: Locale, page = 1): Promise<CachedPage | undefined> {
  const sources = await sitemapSources()
  if (!locale) return generatedBody('sitemap', sources, sitemapOrIndex)
  // A language without a single URL still has its (empty) first sitemap.
  if (page > Math.max(1, splitOf(sources, locale).starts.length)) return undefined
  return generatedBody(`sitemap ${locale} ${page}`, sources, (from) => {
    const { elements, starts } = splitOf(from, locale)
    return sitemapOf(elements.slice(starts[page - 1] ?? 0, starts[page] ?? elements.length))
  })
}

/** Where a language's sitemap number `page` is served: /sitemap.xml itself, asked for one language (and a page past the first). */
export const languageSitemapPath = (locale: Locale, page = 1) => `/sitemap.xml?lang=${locale}${page > 1 ? `&page=${page}` : ''}`

/** A language's `<url>` elements and where its sitemaps start (sitemapSplits), made once per data and config. */
const splits = new WeakMap<LanguageData, { config: RuntimeConfig; entries: SitemapEntry[]; elements: string[]; starts: number[] }>()

function splitOf(sources: SitemapSources, locale: Locale) {
  const known = splits.get(sources[locale])
  if (known?.config === sources.config) return known
  const { config } = sources
  const entries = entriesIn(sources, locale)
  const elements = urlElements({ siteUrl: config.SITE_URL, localeOrigins: config.LOCALE_DOMAINS ?? {} }, entries)
  const split = { config, entries, elements, starts: sitemapSplits(elements) }
  splits.set(sources[locale], split)
  return split
}

function sitemapOrIndex(sources: SitemapSources): string {
  const perLanguage = languages.map((language) => ({ locale: language.code, ...splitOf(sources, language.code) }))
  const count = perLanguage.reduce((sum, { elements }) => sum + elements.length, 0)
  if (count <= sitemapIndexThreshold) return sitemapOf(perLanguage.flatMap(({ elements }) => elements))
  // On the site's own origin: an index may only name sitemaps on its host.
  return buildSitemapIndex(
    perLanguage.flatMap(({ locale, entries, starts }) =>
      starts.map((start, index) => ({
        loc: new URL(languageSitemapPath(locale, index + 1), sources.config.SITE_URL).href,
        lastmod: latestDate(entries.slice(start, starts[index + 1] ?? entries.length).map((entry) => entry.lastmod)),
      })),
    ),
  )
}

/** The sitemap entries of one language: its pages, locations, news list and news items. */
function entriesIn(sources: SitemapSources, locale: Locale): SitemapEntry[] {
  const entries: SitemapEntry[] = []
  const newsLists: Partial<Record<Locale, string>> = {}
  for (const language of languages) newsLists[language.code] = newsPath(language.code)
  const data = sources[locale].answer
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
  const items = sources[locale].news
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
