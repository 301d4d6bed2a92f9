import { HttpError, statusMessageOf, statusOf } from '../../errors/http-error'
import { isDeadlineExceeded } from './deadline'
import { logger } from '../platform/logger.server'
import { reportServerError } from '../platform/sentry.server'

/**
 * Whether `error` is the request being given up on: its signal aborted (srvx aborts it when the
 * client closes the connection; Start then throws the signal's reason), or an AbortError while
 * it is aborted.
 */
export function isClientGone(error: unknown, signal: AbortSignal | undefined): boolean {
  if (!signal?.aborted) return false
  return error === signal.reason || (error instanceof Error && error.name === 'AbortError')
}

/**
 * One rule for every kind of middleware: server errors (5xx) are logged and reported, client
 * errors are not. `requestId` ties the log line and the Sentry event to the access-log line.
 * A client that went away (`signal`: the request's) is no server error: an info line, no
 * report, or anyone could fill the error log and the Sentry quota by hanging up.
 */
export function reportIfServerError(error: unknown, requestId: string | undefined, signal?: AbortSignal): void {
  // The request's deadline stopped it: answered 503 and warned about where it expired.
  if (signal?.aborted && isDeadlineExceeded(error) && error === signal.reason) {
    logger.debug({ reqId: requestId }, '[request] stopped at its deadline')
    return
  }
  if (isClientGone(error, signal)) {
    logger.info({ reqId: requestId }, '[request] the client went away before the answer')
    return
  }
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
