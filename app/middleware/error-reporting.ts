import { createMiddleware } from '@tanstack/react-start'
import { reportIfServerError } from '../server/http/error-reporting.server'

/** Server errors from server routes and the router go to error reporting, with the request's id (a client gone away does not). */
export const reportRequestErrors = createMiddleware({ type: 'request' }).server(async ({ next, context, request }) => {
  try {
    return await next()
  } catch (error) {
    reportIfServerError(error, context.requestId, request.signal)
    throw error
  }
})
