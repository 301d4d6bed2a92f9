import { createFileRoute } from '@tanstack/react-router'
import { renderSitemap } from '../server/seo/sitemap.server'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: async () =>
        new Response(await renderSitemap(), {
          headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
        }),
    },
  },
})
