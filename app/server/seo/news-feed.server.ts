import { setupI18n } from '@lingui/core'
import { isoOf, type Locale } from '../../../app.config'
import { newsFeedPath, newsPath } from '../../news/news-paths'
import { newsLabel } from '../../news/labels'
import { activateLocale, pathCodec } from '../../i18n/i18n'
import { absoluteUrlIn, documentTitle } from '../../seo/meta'
import { cms } from '../cms-client/operations.server'
import { generatedBody } from '../http/compressed-response.server'
import { getRuntimeConfig, type RuntimeConfig } from '../platform/env.server'
import type { CachedPage } from '../http/representation'
import { buildAtomFeed, tagUri } from './atom-feed'

/** Entries in a feed: the newest items (readers keep what they saw before). */
export const newsFeedSize = 50

/** A day on which the site owned its host name: part of every feed and entry id, never to change. */
const tagDate = '2026-11-01'

/**
 * The news of one language as an Atom feed, from the CMS (published items only, never
 * drafts): absolute links on the language's own origin (LOCALE_DOMAINS), as in the sitemap.
 * As fixed bytes, made again only when a CMS answer or the config changed.
 */
export async function newsFeedBody(locale: Locale): Promise<CachedPage> {
  return generatedBody(`feed ${locale}`, await feedSources(locale), feedFrom)
}

type FeedSources = {
  locale: Locale
  config: RuntimeConfig
  list: Awaited<ReturnType<typeof cms.readNewsList>>
  site: Awaited<ReturnType<typeof cms.readSite>>
  /** Only without news yet: the feed's date is then the newest edit of the language's pages. */
  pages: Awaited<ReturnType<typeof cms.readSitemap>> | null
}

async function feedSources(locale: Locale): Promise<FeedSources> {
  const iso = isoOf(locale)
  const [list, site] = await Promise.all([cms.readNewsList({ locale: iso, limit: newsFeedSize, offset: 0 }), cms.readSite({ locale: iso })])
  const pages = list.readNewsItems.nodes.length > 0 ? null : await cms.readSitemap({ locale: iso })
  return { locale, config: getRuntimeConfig(), list, site, pages }
}

async function feedFrom({ locale, config, list, site: { readSiteConfig: site }, pages }: FeedSources): Promise<string> {
  const i18n = setupI18n()
  await activateLocale(i18n, locale)
  const { readNewsItems } = list
  const origins = { siteUrl: config.SITE_URL, localeOrigins: config.LOCALE_DOMAINS ?? {} }
  const absolute = (path: string) => absoluteUrlIn(origins, locale, path)
  const host = new URL(config.SITE_URL).hostname
  const emptyUpdated =
    pages === null
      ? ''
      : (pages.readPages
          .map((page) => page.lastEdited)
          .sort()
          .at(-1) ?? '')
  return buildAtomFeed({
    id: tagUri(host, tagDate, 'news', locale),
    title: documentTitle(i18n._(newsLabel), site.title),
    subtitle: site.tagline,
    language: locale,
    selfUrl: absolute(newsFeedPath(locale)),
    alternateUrl: absolute(newsPath(locale)),
    author: { name: site.title, uri: absolute(pathCodec.toPublic(`/${locale}`)) },
    icon: absolute('/apple-touch-icon.png'),
    emptyUpdated,
    entries: readNewsItems.nodes.map((item) => ({
      // The CMS's id is the same for every language of an item: the language makes it this entry's.
      id: tagUri(host, tagDate, 'news', item.id, locale),
      title: item.title,
      summary: item.summary,
      url: absolute(newsPath(locale, item.slug)),
      published: item.date,
      // The CMS keeps no edit date for news items (as in the sitemap and the JSON-LD).
      updated: item.date,
    })),
  })
}
