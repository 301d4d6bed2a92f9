import { getRuntimeConfig } from './env.server'
import { logger } from './logger.server'
import { retryingLoad } from './retrying-load'

/**
 * Server-side error reporting with Sentry's runtime-agnostic client (sentry-client.server.ts):
 * light enough for every request path, and silent (no client, not even its code in memory)
 * unless SENTRY_DSN is set.
 */
type Reporter = (error: unknown, requestId: string | undefined) => void

// A failed load is tried again with the next report.
const reporter = retryingLoad(async (): Promise<Reporter | null> => {
  const { SENTRY_DSN } = getRuntimeConfig()
  if (!SENTRY_DSN) return null
  const { createServerClient, captureWithRequestId } = await import('./sentry-client.server')
  const client = createServerClient(SENTRY_DSN)
  return (error, requestId) => captureWithRequestId(client, error, requestId)
})

function reportingFailed(reportingError: unknown): void {
  logger.error({ err: reportingError }, '[sentry] could not report an error')
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
    reporter
      .get()
      .then((report) => report?.(cause ?? error, requestId))
      .catch(reportingFailed)
  } catch (reportingError) {
    reportingFailed(reportingError)
  }
}
