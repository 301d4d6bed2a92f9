import { getRuntimeConfig } from './env.server'
import { logger } from './logger.server'

/**
 * Server-side error reporting with Sentry's runtime-agnostic client (sentry-client.server.ts):
 * light enough for every request path, and silent (no client, not even its code in memory)
 * unless SENTRY_DSN is set.
 */
type Reporter = (error: unknown, requestId: string | undefined) => void

let reporter: Promise<Reporter | null> | undefined

function getReporter(): Promise<Reporter | null> {
  if (reporter) return reporter
  const { SENTRY_DSN } = getRuntimeConfig()
  reporter = SENTRY_DSN
    ? import('./sentry-client.server')
        .then(({ createServerClient, captureWithRequestId }) => {
          const client = createServerClient(SENTRY_DSN)
          return (error: unknown, requestId: string | undefined) => captureWithRequestId(client, error, requestId)
        })
        // A failed load is tried again with the next report.
        .catch((error: unknown) => {
          reporter = undefined
          throw error
        })
    : Promise.resolve(null)
  return reporter
}

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
    getReporter()
      .then((report) => report?.(cause ?? error, requestId))
      .catch(reportingFailed)
  } catch (reportingError) {
    reportingFailed(reportingError)
  }
}
