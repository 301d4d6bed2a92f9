import { HttpError, statusMessageOf, statusOf } from '../errors/http-error'
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

/**
 * What a server function's caller (and so the error page) gets. A server error becomes a
 * generic HttpError whose reference is the request's id: the id on the access-log line and on
 * the error line above, and, when a page's loader called the function while rendering, the
 * page request's own, so a visitor can quote what the operators search for. Its message and
 * details stay on the server (the original is the cause). Client errors (4xx) pass unchanged.
 */
export function visibleError(error: unknown, requestId: string | undefined): unknown {
  const status = statusOf(error)
  if (status < 500) return error
  const reference = requestId ?? (error instanceof HttpError ? error.reference : undefined)
  return new HttpError(status, statusMessageOf(error), { cause: error, reference })
}
