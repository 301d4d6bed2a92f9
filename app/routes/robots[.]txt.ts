import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '../server/http/request-guard.server'
import { getRuntimeConfig } from '../server/platform/env.server'

export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: () => {
        const sitemap = new URL('/sitemap.xml', getRuntimeConfig().SITE_URL).href
        return new Response(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${sitemap}\n`, {
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
        })
      },
    },
  },
})
