import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { createServerEntry } from '@tanstack/react-start/server-entry'
import { serveContentMedia } from './server/media/content-media.server'
import { serveMediaVariant } from './server/media/media-variants.server'
import { serveAdmin } from './server/admin/admin.server'
import { accessLogEntry, accessLogLevel, accessLogMessage, requestIdFrom } from './server/http/access-log.server'
import { completeResponseFacts } from './server/http/complete-response'
import { startApp } from './server/lifecycle.server'
import { logger } from './server/platform/logger.server'
import { httpRequestDuration, statusClass } from './server/platform/metrics.server'
import { createRequestHandler } from './server/entry/request-handler.server'
import { drainUnreadBody } from './server/http/request-guard.server'

/**
 * The one way in for everything the app answers (nitro serves only the static files before
 * it): the request layer (request-handler.server.ts) checks the request and sends pages through
 * the page cache before Start renders.
 * Every answer carries its request id and gets an access-log line and a metrics sample.
 */
const startHandler = createStartHandler(defaultStreamHandler)

// Database, embedded CMS and caches, before the first request (nitro loads this file at boot).
await startApp()

const handle = createRequestHandler({ startHandler, serveMediaVariant, serveContentMedia, serveAdmin, dev: import.meta.env.DEV })

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
