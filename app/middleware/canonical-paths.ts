import { createMiddleware } from '@tanstack/react-start'
import { pathCodec } from '../i18n/i18n'
import { canonicalRedirect } from '../server/canonical-redirect'
import { legacyRedirect } from '../server/legacy-redirects'

/**
 * Old site's paths → their new page, `/nl/x` → `/x` and `/x/` → `/x`: one
 * permanent redirect each, before any routing.
 */
export const canonicalPaths = createMiddleware({ type: 'request' }).server(({ request, next, handlerType }) => {
  if (handlerType === 'router') {
    const url = new URL(request.url)
    const target = legacyRedirect(url.pathname, pathCodec.toPublic) ?? canonicalRedirect(url)
    if (target) return new Response(null, { status: 301, headers: { Location: target } })
  }
  return next()
})
