import { createFileRoute } from '@tanstack/react-router'
import { serializeCookie } from 'cookie-es'
import { getRuntimeConfig } from '../../../server/platform/env.server'
import { createPreviewToken, previewCookieName, previewMaxAgeSeconds, safeReturnPath } from '../../../server/cms-client/preview.server'
import { methodNotAllowed } from '../../../server/http/request-guard.server'
import { sameSecret } from '../../../server/platform/same-secret.server'

const noStore = { 'Cache-Control': 'no-store' }

/**
 * Enters preview mode: `GET /api/preview?secret=<PREVIEW_SECRET>&path=/some/page` sets the
 * signed preview cookie (app/server/cms-client/preview.server.ts) and sends the editor to `path`.
 * Off (404) without PREVIEW_SECRET. The query string never reaches the access log (it logs
 * the path only).
 */
export const Route = createFileRoute('/api/preview/')({
  server: {
    handlers: {
      GET: ({ request }) => {
        const secret = getRuntimeConfig().PREVIEW_SECRET
        if (!secret) return Response.json({ error: 'Preview is off: PREVIEW_SECRET is not set' }, { status: 404, headers: noStore })
        const url = new URL(request.url)
        if (!sameSecret(url.searchParams.get('secret'), secret)) {
          return Response.json({ error: 'Wrong or missing secret' }, { status: 401, headers: noStore })
        }
        const cookie = serializeCookie(previewCookieName, createPreviewToken(secret), {
          httpOnly: true,
          sameSite: 'lax',
          secure: new URL(getRuntimeConfig().SITE_URL).protocol === 'https:',
          path: '/',
          maxAge: previewMaxAgeSeconds,
        })
        return new Response(null, {
          status: 302,
          headers: { ...noStore, Location: safeReturnPath(url.searchParams.get('path')), 'Set-Cookie': cookie },
        })
      },
      ANY: () => methodNotAllowed('GET'),
    },
  },
})
