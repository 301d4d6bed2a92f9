import {
  createStackParser,
  createTransport,
  getCurrentScope,
  type BaseTransportOptions,
  type Transport,
  type TransportRequest,
} from '@sentry/core'
import { nodeStackLineParser, ServerRuntimeClient } from '@sentry/core/server'
import { getRuntimeConfig } from './env.server'
import { logger } from './logger.server'

/**
 * Server-side error reporting with Sentry's runtime-agnostic client and a
 * fetch transport: light enough for every request path, and silent (no
 * client at all) unless SENTRY_DSN is set.
 */
let client: ServerRuntimeClient | null | undefined

function fetchTransport(options: BaseTransportOptions): Transport {
  return createTransport(options, async (request: TransportRequest) => {
    // Copy into a fresh buffer: fetch's types do not accept every Uint8Array backing store.
    const body = typeof request.body === 'string' ? request.body : new Uint8Array(request.body)
    const response = await fetch(options.url, { method: 'POST', body })
    return {
      statusCode: response.status,
      headers: {
        'x-sentry-rate-limits': response.headers.get('x-sentry-rate-limits'),
        'retry-after': response.headers.get('retry-after'),
      },
    }
  })
}

/** The server's Sentry client (tests pass a transport that keeps what it is given). */
export function createServerClient(
  dsn: string,
  transport: (options: BaseTransportOptions) => Transport = fetchTransport,
): ServerRuntimeClient {
  const created = new ServerRuntimeClient({
    dsn,
    release: __BUILD_ID__,
    platform: 'node',
    runtime: { name: 'node', version: process.version },
    integrations: [],
    // Node's V8 stack lines as Sentry frames: without a parser an event has no stack trace.
    stackParser: createStackParser(nodeStackLineParser()),
    transport,
    tracesSampleRate: 0,
  })
  created.init()
  return created
}

function getClient(): ServerRuntimeClient | null {
  if (client !== undefined) return client
  const { SENTRY_DSN } = getRuntimeConfig()
  client = SENTRY_DSN ? createServerClient(SENTRY_DSN) : null
  return client
}

/**
 * Reports a server-side error (no-op without a DSN). Never throws. An error that visitors see
 * with a generic message (HttpError) carries the real one as its cause: that is what operators
 * need, so the cause is reported. `requestId` becomes the event's `request_id` tag (the same id
 * as on the access-log line).
 */
export function reportServerError(error: unknown, requestId?: string): void {
  try {
    const cause = error instanceof Error && error.name === 'HttpError' && error.cause instanceof Error ? error.cause : undefined
    // An open circuit is a consequence: the failures that opened it were reported.
    if (cause?.name === 'CircuitOpenError') return
    const current = getClient()
    if (!current) return
    // A copy of the scope: the tag belongs to this event only.
    const scope = getCurrentScope().clone()
    if (requestId) scope.setTag('request_id', requestId)
    current.captureException(cause ?? error, undefined, scope)
  } catch (reportingError) {
    logger.error({ err: reportingError }, '[sentry] could not report an error')
  }
}
