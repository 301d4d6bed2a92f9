import { createFileRoute } from '@tanstack/react-router'
import { logger } from '../../../server/platform/logger.server'
import { clearedPreviewCookie, revokePreview, safeReturnPath } from '../../../server/cms-client/preview.server'
import { methodNotAllowed } from '../../../server/http/request-guard.server'

/**
 * Leaves preview mode: revokes the preview token (a copy of the cookie shows no draft after
 * this, on any worker), clears the cookie and goes back to `path` (the page the bar was on).
 * A GET, so the preview bar's link works without JavaScript; a request another site made
 * (`Sec-Fetch-Site: cross-site` or `same-site`, an image or a link elsewhere) only goes back,
 * ending nothing: no other site can end an editor's preview.
 */
export const Route = createFileRoute('/api/preview/exit')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        const path = safeReturnPath(new URL(request.url).searchParams.get('path'))
        const site = request.headers.get('sec-fetch-site')
        if (site !== null && site !== 'same-origin' && site !== 'none') {
          return new Response(null, { status: 302, headers: { 'Cache-Control': 'no-store', Location: path } })
        }
        try {
          await revokePreview(request.headers.get('cookie'))
        } catch (error) {
          // The browser still forgets the cookie; a copy of it lasts until it expires.
          logger.error({ err: error }, '[preview] exit: the token could not be revoked')
        }
        const cookie = clearedPreviewCookie()
        return new Response(null, { status: 302, headers: { 'Cache-Control': 'no-store', Location: path, 'Set-Cookie': cookie } })
      },
      ANY: () => methodNotAllowed('GET'),
    },
  },
})
