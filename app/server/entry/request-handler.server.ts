import type { RequestContext } from '../../router'
import { getRuntimeConfig } from '../platform/env.server'
import { isAllowedHost } from '../http/allowed-hosts.server'
import { clientIp } from '../http/client-ip.server'
import { requestWithSignal, withDeadline } from '../http/deadline'
import { logger } from '../platform/logger.server'
import { renderRefusals } from '../platform/metrics.server'
import { isFormPost } from '../contact/form-post.server'
import { deliverPage } from '../pages/page-delivery.server'
import { withFunctionSlot } from '../pages/function-slots.server'
import { inPageLanguage, pageRefusal } from '../pages/page-refusal.server'
import { isServerRoutePath } from '../http/server-routes.server'
import { isAdminPath } from '../admin/admin-path'
import {
  bodyLimitOf,
  collapsedSlashesRedirect,
  dollarPathRedirect,
  formBodyDeadlineMs,
  isImpossibleFunctionId,
  isPagePath,
  largeBodyLimit,
  limitBody,
  maxUrlLength,
  plainResponse,
} from '../http/request-guard.server'

/** What the request layer hands its work to; app/server.ts gives the real ones, unit tests stand-ins. */
export interface RequestHandlerParts {
  /** Start's handler: renders pages and runs server routes and server functions. */
  startHandler: (request: Request, options: { context: RequestContext }) => Response | Promise<Response>
  /** Resized images (/media/_/…). */
  serveMediaVariant: (request: Request, url: URL) => Response | Promise<Response>
  /** The content folder's own images and PDFs (/media/…). */
  serveContentMedia: (request: Request, url: URL) => Response | Promise<Response>
  /** The editors' admin (/admin: Decap CMS, its config and, locally, its saving API). */
  serveAdmin: (request: Request, url: URL, socketAddress: string | undefined) => Response | Promise<Response>
  /** The dev server (any localhost port is an allowed host). */
  dev: boolean
}

/** srvx gives Node's socket address as `ip` on its request object. */
function socketAddress(request: Request): string | undefined {
  const ip: unknown = Reflect.get(request, 'ip')
  return typeof ip === 'string' ? ip : undefined
}

/** Load balancers probe and Prometheus scrapes by address; these say nothing about the site. */
const anyHostPaths = new Set(['/healthz', '/readyz', '/metrics'])

/** Methods a fetch Request cannot be made with. */
const unbuildable = ['TRACE', 'CONNECT']

/**
 * The request layer of app/server.ts: the request is checked (host, URL, method, body size), the
 * visitor's address is worked out once, and pages go through the page cache
 * (page-delivery.server.ts) before Start renders. A factory so its rules are unit-tested with a
 * stand-in renderer (request-handler.server.test.ts).
 */
export function createRequestHandler(parts: RequestHandlerParts) {
  const { startHandler, serveMediaVariant, serveContentMedia, serveAdmin, dev } = parts
  return async function handle(request: Request, url: URL, requestId: string): Promise<Response> {
    if (request.url.length > maxUrlLength) return plainResponse(414, 'URI too long / URL te lang')
    const config = getRuntimeConfig()
    // The URL's host, not the Host header: a request in absolute form (`GET http://evil/ HTTP/1.1`)
    // names its host in the request line.
    if (!anyHostPaths.has(url.pathname) && !isAllowedHost(url.host, config, dev)) {
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
    // A server function answers within its deadline, whatever it waits for. Start gets
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
}

/**
 * A server function that did not answer within HANDLER_TIMEOUT_MS: 503 and a warning line. Not
 * reported as an error: whoever can make calls slow must not page the on-call.
 */
function serverFnPastDeadline(url: URL, requestId: string): Response {
  const { HANDLER_TIMEOUT_MS } = getRuntimeConfig()
  logger.warn({ reqId: requestId, path: url.pathname }, `[request] no server function answer within ${HANDLER_TIMEOUT_MS} ms: answered 503`)
  renderRefusals.inc({ slots: 'function', reason: 'deadline' })
  return Response.json({ error: 'Timed out' }, { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } })
}
