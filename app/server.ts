import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { createServerEntry } from '@tanstack/react-start/server-entry'
import { getRuntimeConfig } from './server/env.server'
import { isAllowedHost } from './server/allowed-hosts'
import { clientIp } from './server/client-ip.server'
import { startApp } from './server/lifecycle.server'
import { deliverPage } from './server/page-delivery.server'
import {
  bodyLimitOf,
  collapsedSlashesRedirect,
  isImpossibleFunctionId,
  isPagePath,
  limitBody,
  maxUrlLength,
  plainResponse,
} from './server/request-guard.server'

/**
 * The one way in for everything the app answers (nitro serves only the static files before
 * it): the request is checked (host, URL, method, body size), the visitor's address is worked out
 * once, and pages go through the page cache (page-delivery.server.ts) before Start renders.
 */
const startHandler = createStartHandler(defaultStreamHandler)

// Database, embedded CMS and caches, before the first request (nitro loads this file at boot).
await startApp()

/** srvx gives Node's socket address as `ip` on its request object. */
function socketAddress(request: Request): string | undefined {
  const ip: unknown = Reflect.get(request, 'ip')
  return typeof ip === 'string' ? ip : undefined
}

async function handle(request: Request): Promise<Response> {
  if (request.url.length > maxUrlLength) return plainResponse(414, 'URI too long / URL te lang')
  const url = new URL(request.url)
  const config = getRuntimeConfig()
  // The URL's host, not the Host header: a request in absolute form (`GET http://evil/ HTTP/1.1`)
  // names its host in the request line. Load balancers probe by address; these two say nothing
  // about the site.
  if (url.pathname !== '/healthz' && url.pathname !== '/readyz' && !isAllowedHost(url.host, config, import.meta.env.DEV)) {
    return plainResponse(421, 'Misdirected request: unknown host')
  }
  const redirect = collapsedSlashesRedirect(url)
  if (redirect) return redirect
  if (isImpossibleFunctionId(url.pathname)) return Response.json({ error: 'Unknown server function' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })

  const ip = clientIp(socketAddress(request), request.headers.get('x-forwarded-for'), config.TRUST_PROXY)
  const render = (pageRequest: Request, nonce?: string) => Promise.resolve(startHandler(pageRequest, { context: { clientIp: ip, nonce } }))

  if (isPagePath(url.pathname)) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plainResponse(405, 'Method not allowed / Methode niet toegestaan', { Allow: 'GET, HEAD' })
    }
    return deliverPage(request, url, render)
  }
  // No body to limit (TRACE and CONNECT cannot even be rebuilt as a fetch Request): the route answers, 405 when it lacks the method.
  if (['GET', 'HEAD', 'TRACE', 'CONNECT'].includes(request.method)) return render(request)
  const limited = await limitBody(request, bodyLimitOf(url.pathname))
  return limited instanceof Response ? limited : render(limited)
}

export default createServerEntry({
  fetch: async (request) => {
    try {
      return await handle(request)
    } catch (error) {
      // The visitor went away mid-request (Node aborts the request stream): not a server error,
      // and nobody is left to answer.
      if (request.signal.aborted) return new Response(null, { status: 503 })
      throw error
    }
  },
})
