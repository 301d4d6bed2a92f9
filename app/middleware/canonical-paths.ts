import { createMiddleware } from '@tanstack/react-start'
import { pathCodec } from '../i18n/i18n'
import { pathRedirect } from '../server/path-redirects'

/**
 * Old site's paths, renamed URL segments, `/nl/x` and `/x/`: one permanent redirect each to
 * the page's one URL, before any routing (see pathRedirect).
 */
export const canonicalPaths = createMiddleware({ type: 'request' }).server(({ request, next, handlerType }) => {
  if (handlerType === 'router') {
    const target = pathRedirect(new URL(request.url), pathCodec)
    if (target) return new Response(null, { status: 301, headers: { Location: target } })
  }
  return next()
})
