import { statusOf } from '../errors/http-error'
import { logger } from './logger.server'
import { reportServerError } from './sentry.server'

/**
 * One rule for every kind of middleware: server errors (5xx) are logged and reported, client
 * errors are not. `requestId` ties the log line and the Sentry event to the access-log line.
 */
export function reportIfServerError(error: unknown, requestId: string | undefined): void {
  if (statusOf(error) < 500) return
  logger.error({ err: error, reqId: requestId }, '[error] server error')
  reportServerError(error, requestId)
}
