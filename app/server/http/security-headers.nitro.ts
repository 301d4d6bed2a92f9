import { definePlugin } from 'nitro'
import { getRuntimeConfig } from '../platform/env.server'
import { completeResponseFacts } from './complete-response'
import { securityHeaders } from './security-headers'

/**
 * Every response leaves with the security headers, whatever made it: a static file (nitro
 * serves those before the app), a redirect, a 304, an error. Pages bring their own policy
 * (hash-based CSP, page-delivery.server.ts); a header already set is never replaced. And no
 * error or redirect leaves with a long-lived Cache-Control.
 * Stateless: nitro bundles this apart from the app.
 */
/** What the build precompresses (scripts, styles, SVG, JSON, text). */
const compressibleType = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/

export default definePlugin((nitroApp) => {
  // The same for every response: built once, not per request.
  let headers: Array<[string, string]> | undefined
  nitroApp.hooks?.hook('response', (response) => {
    // A page brings its own policy and caching, and reading its headers would copy them.
    if (completeResponseFacts(response)) return
    headers ??= Object.entries(securityHeaders(getRuntimeConfig()))
    for (const [name, value] of headers) {
      if (!response.headers.has(name)) response.headers.set(name, value)
    }
    // Route rules give /assets and /media long, shared caching, and nitro applies them to every
    // answer under those paths: a 404 for a hashed file that a rolling deploy has not shipped
    // yet must not be kept for a year (by a CDN or a browser).
    const cacheControl = response.headers.get('cache-control') ?? ''
    if (response.status >= 300 && response.status !== 304 && /immutable|max-age=[1-9]/.test(cacheControl)) {
      response.headers.set('Cache-Control', 'no-cache')
    }
    // nitro sends a hashed asset's brotli or gzip copy only to a request that names that coding
    // exactly, and says Vary only then: a shared cache that first got the plain copy would hand
    // it to everyone for the year the asset is immutable.
    if (
      response.status === 200 &&
      cacheControl.includes('immutable') &&
      compressibleType.test(response.headers.get('content-type') ?? '') &&
      !/accept-encoding/i.test(response.headers.get('vary') ?? '')
    ) {
      response.headers.append('Vary', 'Accept-Encoding')
    }
  })
})
