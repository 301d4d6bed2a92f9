import {
  createStackParser,
  createTransport,
  getCurrentScope,
  type BaseTransportOptions,
  type Transport,
  type TransportRequest,
} from '@sentry/core'
import { nodeStackLineParser, ServerRuntimeClient } from '@sentry/core/server'

/**
 * Sentry's runtime-agnostic client with a fetch transport, for sentry.server.ts: a module of its
 * own, loaded only when SENTRY_DSN is set.
 */

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

/** Sends `error` as an event tagged with the request id (the id on its access-log line). */
export function captureWithRequestId(client: ServerRuntimeClient, error: unknown, requestId: string | undefined): void {
  // A copy of the scope: the tag belongs to this event only.
  const scope = getCurrentScope().clone()
  if (requestId) scope.setTag('request_id', requestId)
  client.captureException(error, undefined, scope)
}
