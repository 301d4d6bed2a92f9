import { createFileRoute } from '@tanstack/react-router'
import { isLocale } from '../../../i18n/paths'
import { compressedResponse } from '../../../server/http/compressed-response.server'
import { logger } from '../../../server/platform/logger.server'
import type { CachedPage } from '../../../server/http/representation'
import { methodNotAllowed, plainResponse } from '../../../server/http/request-guard.server'
import { newsFeedBody } from '../../../server/seo/news-feed.server'

/**
 * The news of a language as an Atom feed, under its news list (`/nieuws/feed.xml`,
 * `/en/news/feed.xml` …; the locale rewrite maps them here). Feed readers poll: a 304 when
 * unchanged, compressed otherwise, as the sitemap.
 */
export const Route = createFileRoute('/$locale/~news/feed.xml')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: async ({ request, params }) => {
        // The rewrite always yields a known locale; anything else is not a feed.
        if (!isLocale(params.locale)) return plainResponse(404, 'Not found / Niet gevonden')
        let feed: CachedPage
        try {
          feed = await newsFeedBody(params.locale)
        } catch (error) {
          // The CMS is down and nothing is cached: readers retry later, which is what 503 says.
          logger.error({ err: error }, `[feed] the ${params.locale} news feed could not be made`)
          return plainResponse(503, 'News feed temporarily unavailable / Nieuwsfeed tijdelijk niet beschikbaar', { 'Retry-After': '60' })
        }
        return compressedResponse(request, feed, {
          'Content-Type': 'application/atom+xml; charset=utf-8',
          'Cache-Control': 'public, max-age=300',
        })
      },
    },
  },
})
