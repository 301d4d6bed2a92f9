import { createMiddleware } from '@tanstack/react-start'
import { reportIfServerError } from '../server/error-reporting.server'

/** Server errors from server routes and the router go to error reporting. */
export const reportRequestErrors = createMiddleware({ type: 'request' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    reportIfServerError(error)
    throw error
  }
})
