import { createFileRoute } from '@tanstack/react-router'
import { serializeCookie } from 'cookie-es'
import { getRuntimeConfig } from '../../../server/env.server'
import { previewCookieName, safeReturnPath } from '../../../server/preview.server'
import { methodNotAllowed } from '../../../server/request-guard.server'

/** Leaves preview mode: clears the preview cookie and goes back to `path` (the page the bar was on). */
export const Route = createFileRoute('/api/preview/exit')({
  server: {
    handlers: {
      GET: ({ request }) => {
        const cookie = serializeCookie(previewCookieName, '', {
          httpOnly: true,
          sameSite: 'lax',
          secure: new URL(getRuntimeConfig().SITE_URL).protocol === 'https:',
          path: '/',
          maxAge: 0,
        })
        const path = safeReturnPath(new URL(request.url).searchParams.get('path'))
        return new Response(null, { status: 302, headers: { 'Cache-Control': 'no-store', Location: path, 'Set-Cookie': cookie } })
      },
      ANY: () => methodNotAllowed('GET'),
    },
  },
})
