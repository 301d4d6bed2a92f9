import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { canonicalRedirect } from './server/canonical-redirect'

/** `/nl/x` → `/x` and `/x/` → `/x`, permanently, before any routing. */
const canonicalPaths = createMiddleware({ type: 'request' }).server(({ request, next, handlerType }) => {
  if (handlerType === 'router') {
    const target = canonicalRedirect(new URL(request.url))
    if (target) return new Response(null, { status: 301, headers: { Location: target } })
  }
  return next()
})

export const startInstance = createStart(() => ({
  // A custom start.ts replaces the default, so the CSRF check on server
  // functions has to be added here explicitly.
  requestMiddleware: [createCsrfMiddleware({ filter: ({ handlerType }) => handlerType === 'serverFn' }), canonicalPaths],
}))
