import { createMiddleware } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { HttpError, statusOf } from '../http-error'
import { reportServerError } from '../sentry.server'

/** One rule for both kinds of middleware: server errors (5xx) are reported, client errors are not. */
function reportIfServerError(error: unknown): void {
  if (statusOf(error) >= 500) reportServerError(error)
}

/** Server errors from server routes and the router go to error reporting. */
export const reportRequestErrors = createMiddleware({ type: 'request' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    reportIfServerError(error)
    throw error
  }
})

/** Server function errors: 5xx are reported; an HttpError's status becomes the response's (not a 200 carrying an error). */
export const reportFunctionErrors = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    reportIfServerError(error)
    if (error instanceof HttpError) setResponseStatus(error.status)
    throw error
  }
})
