import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '../server/request-guard.server'
import { renderSitemap } from '../server/seo/sitemap.server'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: async () =>
        new Response(await renderSitemap(), {
          headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
        }),
    },
  },
})
