import { createMiddleware } from '@tanstack/react-start'
import { pathCodec } from '../i18n/i18n'
import { redirectOf } from '../server/redirects/path-decision.server'

/**
 * Old site's paths, renamed URL segments, `/nl/x`, `/x/` and another language's news segment:
 * one permanent redirect each to the page's one URL, before any routing. Decided where page
 * delivery and the 404 template ask too (decidePath in path-decision.server.ts).
 */
export const canonicalPaths = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  if (handlerType === 'router') {
    const location = await redirectOf(new URL(request.url), pathCodec)
    if (location) return new Response(null, { status: 301, headers: { Location: location } })
  }
  return next()
})
