import { createFileRoute } from '@tanstack/react-router'
import { compressedResponse } from '../server/http/compressed-response.server'
import { methodNotAllowed } from '../server/http/request-guard.server'
import { sitemapBody } from '../server/seo/sitemap.server'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      // Crawlers fetch it often: made once per CMS answer, a 304 when unchanged, compressed otherwise.
      GET: async ({ request }) =>
        compressedResponse(request, await sitemapBody(), {
          'Content-Type': 'application/xml; charset=utf-8',
          'Cache-Control': 'public, max-age=300',
        }),
    },
  },
})
