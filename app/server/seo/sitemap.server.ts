import { languages, localeOfIso, type Locale } from '../../../app.config'
import { getRuntimeConfig } from '../env.server'
import { newsPath } from '../../components/news/news-paths'
import { cms } from '../cms/operations.server'
import { buildSitemap, type SitemapEntry } from './sitemap'

const codeOf = localeOfIso

/** Every public page and news item in every language, with alternates. Server-only. */
export async function renderSitemap(): Promise<string> {
  const entries: SitemapEntry[] = []
  const newsLists: Partial<Record<Locale, string>> = {}
  for (const language of languages) newsLists[language.code] = newsPath(language.code)

  for (const language of languages) {
    const data = await cms.readSitemap({ locale: language.iso })
    for (const page of data.readPages) {
      // Redirects are not pages of their own.
      if (page.__typename === 'RedirectorPage') continue
      const alternates: Partial<Record<Locale, string>> = { [language.code]: page.link }
      for (const t of page.translations) {
        const code = codeOf(t.locale)
        if (code) alternates[code] = t.link
      }
      entries.push({ path: page.link, lastmod: page.lastEdited, alternates })
    }
    entries.push({ path: newsPath(language.code), alternates: newsLists })
    for (const item of data.readNewsItems.nodes) {
      const alternates: Partial<Record<Locale, string>> = { [language.code]: newsPath(language.code, item.slug) }
      for (const t of item.translations) {
        const code = codeOf(t.locale)
        if (code) alternates[code] = newsPath(code, t.slug)
      }
      entries.push({ path: newsPath(language.code, item.slug), lastmod: item.date, alternates })
    }
  }
  return buildSitemap(getRuntimeConfig().SITE_URL, entries)
}
