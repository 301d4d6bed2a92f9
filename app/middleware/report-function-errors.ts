import { createMiddleware, getGlobalStartContext } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { HttpError } from '../errors/http-error'
import { reportIfServerError } from '../server/error-reporting.server'

/**
 * Server function errors: 5xx are reported; an HttpError's status becomes the response's (not a
 * 200 carrying an error). Function middleware has a browser side too, so it lives outside
 * app/server/; its server part is removed from the browser build.
 */
export const reportFunctionErrors = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    reportIfServerError(error, getGlobalStartContext()?.requestId)
    if (error instanceof HttpError) setResponseStatus(error.status)
    throw error
  }
})
