import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { createServerEntry } from '@tanstack/react-start/server-entry'
import { isAdminPath, serveAdmin } from './embedded-cms/admin/admin.server'
import { serveContentMedia } from './embedded-cms/media.server'
import { serveMediaVariant } from './embedded-cms/media-variants.server'
import { accessLogEntry, accessLogLevel, accessLogMessage, requestIdFrom } from './server/access-log.server'
import { getRuntimeConfig } from './server/env.server'
import { isAllowedHost } from './server/allowed-hosts'
import { clientIp } from './server/client-ip.server'
import { completeResponseFacts } from './server/complete-response'
import { requestWithSignal, withDeadline } from './server/deadline'
import { startApp } from './server/lifecycle.server'
import { logger } from './server/logger.server'
import { httpRequestDuration, statusClass } from './server/metrics.server'
import { isFormPost } from './server/contact/form-post.server'
import { deliverPage } from './server/page-delivery.server'
import { withFunctionSlot } from './server/function-slots.server'
import { inPageLanguage, pageRefusal } from './server/page-refusal.server'
import { isServerRoutePath } from './server/server-routes.server'
import {
  bodyLimitOf,
  collapsedSlashesRedirect,
  dollarPathRedirect,
  drainUnreadBody,
  formBodyDeadlineMs,
  isImpossibleFunctionId,
  isPagePath,
  largeBodyLimit,
  limitBody,
  maxUrlLength,
  plainResponse,
} from './server/request-guard.server'

/**
 * The one way in for everything the app answers (nitro serves only the static files before
 * it): the request is checked (host, URL, method, body size), the visitor's address is worked out
 * once, and pages go through the page cache (page-delivery.server.ts) before Start renders.
 * Every answer carries its request id and gets an access-log line and a metrics sample.
 */
const startHandler = createStartHandler(defaultStreamHandler)

// Database, embedded CMS and caches, before the first request (nitro loads this file at boot).
await startApp()

/** srvx gives Node's socket address as `ip` on its request object. */
function socketAddress(request: Request): string | undefined {
  const ip: unknown = Reflect.get(request, 'ip')
  return typeof ip === 'string' ? ip : undefined
}

/** Load balancers probe and Prometheus scrapes by address; these say nothing about the site. */
const anyHostPaths = new Set(['/healthz', '/readyz', '/metrics'])

async function handle(request: Request, url: URL, requestId: string): Promise<Response> {
  if (request.url.length > maxUrlLength) return plainResponse(414, 'URI too long / URL te lang')
  const config = getRuntimeConfig()
  // The URL's host, not the Host header: a request in absolute form (`GET http://evil/ HTTP/1.1`)
  // names its host in the request line.
  if (!anyHostPaths.has(url.pathname) && !isAllowedHost(url.host, config, import.meta.env.DEV)) {
    return plainResponse(421, 'Misdirected request: unknown host')
  }
  const redirect = collapsedSlashesRedirect(url) ?? dollarPathRedirect(url)
  if (redirect) return redirect
  if (isImpossibleFunctionId(url.pathname))
    return Response.json({ error: 'Unknown server function' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })

  // Resized images (from public/media or the content folder), then the content folder's own
  // images and PDFs, live (public/media is served by nitro before this).
  if (url.pathname.startsWith('/media/_/')) return serveMediaVariant(request, url)
  if (url.pathname.startsWith('/media/')) return serveContentMedia(request, url)
  // The editors' admin (Decap CMS): its own files, config, CSP and, locally, its saving API.
  if (isAdminPath(url.pathname)) return serveAdmin(request, url, socketAddress(request))

  // Worked out when something renders: a page-cache hit never needs it.
  const ip = () => clientIp(socketAddress(request), request.headers.get('x-forwarded-for'), config.TRUST_PROXY)
  const render = (pageRequest: Request, nonce?: string) =>
    Promise.resolve(startHandler(pageRequest, { context: { clientIp: ip(), requestId, nonce } }))

  if (isPagePath(url.pathname)) {
    // The contact form posted by the browser itself (no JavaScript yet): the server function's
    // body limit, read whole before the render slot, then Start's CSRF check and
    // middleware/contact-form-posts.ts; never cached.
    if (isFormPost(request)) {
      const limited = await limitBody(request, largeBodyLimit, formBodyDeadlineMs)
      if (limited instanceof Response) return inPageLanguage(limited, url)
      return deliverPage(
        limited,
        url,
        (pageRequest, nonce) =>
          Promise.resolve(startHandler(pageRequest, { context: { clientIp: ip(), requestId, nonce, pageFormPost: true } })),
        requestId,
        ip,
      )
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return pageRefusal(405, url, { Allow: 'GET, HEAD' })
    }
    return deliverPage(request, url, render, requestId, ip)
  }
  // Outside the pages only the server routes answer (and Start's server functions); for anything
  // else Start would render the whole HTML 404 page, the costliest answer to a random path.
  const serverFn = url.pathname.startsWith('/_serverFn/')
  if (!serverFn && !isServerRoutePath(url.pathname)) return plainResponse(404, 'Not found / Niet gevonden')
  // A server function answers within its deadline, whatever it waits for (issue 30). Start gets
  // a request that aborts at the deadline or when the client hangs up: it stops then too. A GET (a
  // CMS read) runs in a bounded number at once, each client up to its share, and leaves the line
  // or its slot on the same signal.
  const call = (callRequest: Request, inSlot: boolean) => {
    if (!serverFn) return render(callRequest)
    return withDeadline(
      config.HANDLER_TIMEOUT_MS,
      (deadline) => {
        const stop = AbortSignal.any([deadline, callRequest.signal])
        // TRACE and CONNECT cannot be rebuilt as a fetch Request (Start answers them 405 at once).
        const run = () => render(unbuildable.includes(callRequest.method) ? callRequest : requestWithSignal(callRequest, stop))
        return inSlot ? withFunctionSlot(ip(), stop, run) : run()
      },
      () => serverFnPastDeadline(url, requestId),
    )
  }
  // No body to limit: the route answers, 405 when it lacks the method.
  if (['GET', 'HEAD', ...unbuildable].includes(request.method)) return call(request, true)
  const limited = await limitBody(request, bodyLimitOf(url.pathname))
  return limited instanceof Response ? limited : call(limited, false)
}

/** Methods a fetch Request cannot be made with. */
const unbuildable = ['TRACE', 'CONNECT']

/**
 * A server function that did not answer within HANDLER_TIMEOUT_MS: 503 and a warning line. Not
 * reported as an error: whoever can make calls slow must not page the on-call.
 */
function serverFnPastDeadline(url: URL, requestId: string): Response {
  const { HANDLER_TIMEOUT_MS } = getRuntimeConfig()
  logger.warn({ reqId: requestId, path: url.pathname }, `[request] no server function answer within ${HANDLER_TIMEOUT_MS} ms: answered 503`)
  return Response.json({ error: 'Timed out' }, { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } })
}

/** The response with its request id; a copy when its headers are immutable (a Response.redirect()). */
function withRequestId(response: Response, requestId: string): Response {
  // A page carries it already, in headers best left untouched (complete-response.ts).
  if (completeResponseFacts(response)) return response
  try {
    response.headers.set('X-Request-Id', requestId)
    return response
  } catch {
    const copy = new Response(response.body, response)
    copy.headers.set('X-Request-Id', requestId)
    return copy
  }
}

/** The access-log line and the duration sample of an answered request. */
function record(request: Request, url: URL, response: Response, startedAt: number, requestId: string): void {
  const durationMs = performance.now() - startedAt
  const entry = accessLogEntry(request, url, response, durationMs, requestId)
  logger[accessLogLevel(entry)](entry, accessLogMessage(entry))
  httpRequestDuration.observe(
    { kind: entry.kind, cache: entry.cache?.toLowerCase() ?? 'none', status_class: statusClass(entry.status) },
    durationMs / 1000,
  )
}

export default createServerEntry({
  fetch: async (request) => {
    const startedAt = performance.now()
    const requestId = requestIdFrom(request.headers.get('x-request-id'))
    const url = new URL(request.url)
    let response: Response
    try {
      response = await handle(request, url, requestId)
    } catch (error) {
      // The visitor went away mid-request (Node aborts the request stream): not a server error,
      // and nobody is left to answer. 499 (nginx's "client closed request"): no 5xx in the metrics.
      if (request.signal.aborted) {
        response = new Response(null, { status: 499 })
      } else {
        // nitro answers 500; the line says which request it was.
        logger.error({ err: error, reqId: requestId }, `[request] ${request.method} ${url.pathname} failed`)
        record(request, url, new Response(null, { status: 500 }), startedAt, requestId)
        throw error
      }
    }
    // A body sent with a request answered without reading it (405, 404, 413 …) is read and dropped
    // first: Node closes a connection with an unread body, and a client still sending loses the answer.
    await drainUnreadBody(request)
    record(request, url, response, startedAt, requestId)
    return withRequestId(response, requestId)
  },
})
