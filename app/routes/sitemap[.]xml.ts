import { createFileRoute } from '@tanstack/react-router'
import { compressedResponse } from '../server/http/compressed-response.server'
import { methodNotAllowed, plainResponse } from '../server/http/request-guard.server'
import { isLocale } from '../i18n/paths'
import { sitemapBody } from '../server/seo/sitemap.server'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      // Crawlers fetch it often: made once per CMS answer, a 304 when unchanged, compressed otherwise (~10 % of its size).
      // A big site's is an index of one sitemap per language, each at ?lang=<code> (ADR 038).
      GET: async ({ request }) => {
        const lang = new URL(request.url).searchParams.get('lang')
        if (lang !== null && !isLocale(lang)) return plainResponse(404, 'Not found / Niet gevonden')
        return compressedResponse(request, await sitemapBody(lang ?? undefined), {
          'Content-Type': 'application/xml; charset=utf-8',
          'Cache-Control': 'public, max-age=300',
        })
      },
    },
  },
})
