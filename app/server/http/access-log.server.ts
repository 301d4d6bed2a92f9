import { randomUUID } from 'node:crypto'
import { completeResponseFacts } from './complete-response'
import { isPagePath } from './request-guard.server'

/**
 * What the server entry records about every request it answers: a request id (the caller's
 * when it sent a usable one), the kind of route, and one access-log line.
 */

/**
 * An incoming X-Request-Id is kept when it is short and printable ASCII without spaces (a
 * UUID, a load balancer's trace id); anything else could smuggle text into headers and logs.
 */
const usableRequestId = /^[\x21-\x7e]{1,128}$/

export function requestIdFrom(header: string | null): string {
  return header !== null && usableRequestId.test(header) ? header : randomUUID()
}

export type RouteKind = 'page' | 'server_fn' | 'graphql' | 'api' | 'probe' | 'metrics' | 'other'

/** The kind of route a path goes to (a metrics label: a handful of values, never the path itself). */
export function routeKind(pathname: string): RouteKind {
  if (isPagePath(pathname)) return 'page'
  if (pathname.startsWith('/_serverFn/')) return 'server_fn'
  if (pathname === '/graphql') return 'graphql'
  if (pathname === '/api' || pathname.startsWith('/api/')) return 'api'
  if (pathname === '/healthz' || pathname === '/readyz') return 'probe'
  if (pathname === '/metrics') return 'metrics'
  return 'other'
}

export interface AccessLogEntry {
  reqId: string
  method: string
  /** The path only: a query string can carry tokens or personal data. */
  path: string
  status: number
  /** Until the response was ready to send (a streamed body may take longer). */
  durationMs: number
  kind: RouteKind
  /** X-Page-Cache of a page (HIT, STALE, MISS, BYPASS). */
  cache?: string
  /** Content-Length, when the response declares it. */
  bytes?: number
}

const maxLoggedPathLength = 1024

export function accessLogEntry(request: Request, url: URL, response: Response, durationMs: number, reqId: string): AccessLogEntry {
  // A page knows both without its headers being read (complete-response.ts).
  const facts = completeResponseFacts(response)
  const cache = facts ? facts.cache : response.headers.get('x-page-cache')
  const length = facts ? (facts.bytes === undefined ? null : String(facts.bytes)) : response.headers.get('content-length')
  return {
    reqId,
    method: request.method,
    // Capped: a refused, overlong URL (414) must not make a line of kilobytes.
    path: url.pathname.slice(0, maxLoggedPathLength),
    status: response.status,
    durationMs: Math.round(durationMs * 10) / 10,
    kind: routeKind(url.pathname),
    ...(cache ? { cache } : {}),
    ...(length !== null && /^\d+$/.test(length) ? { bytes: Number(length) } : {}),
  }
}

/** The line's message: the same facts in a form people scan (and the readable log shows). */
export function accessLogMessage(entry: AccessLogEntry): string {
  return `${entry.method} ${entry.path} ${entry.status} ${entry.durationMs} ms${entry.cache ? ` ${entry.cache}` : ''}`
}

/** Load balancer probes and scrapes come every few seconds: their lines are debug, the rest info. */
export function accessLogLevel(entry: AccessLogEntry): 'debug' | 'info' {
  return (entry.kind === 'probe' || entry.kind === 'metrics') && entry.status < 500 ? 'debug' : 'info'
}
