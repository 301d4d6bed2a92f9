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
      // A big site's is an index of each language's sitemaps, at ?lang=<code> and, past the first, &page=<n> (ADR 038, 040).
      GET: async ({ request }) => {
        const query = new URL(request.url).searchParams
        const lang = query.get('lang') ?? undefined
        const page = query.get('page')
        const notFound = () => plainResponse(404, 'Not found / Niet gevonden')
        if (lang !== undefined && !isLocale(lang)) return notFound()
        // Pages are a language's: without ?lang= only the first (the whole sitemap or its index) exists.
        if (page !== null && (lang === undefined || !/^[1-9]\d{0,5}$/.test(page))) return notFound()
        const body = await sitemapBody(lang, page === null ? 1 : Number(page))
        if (!body) return notFound()
        return compressedResponse(request, body, {
          'Content-Type': 'application/xml; charset=utf-8',
          'Cache-Control': 'public, max-age=300',
        })
      },
    },
  },
})
