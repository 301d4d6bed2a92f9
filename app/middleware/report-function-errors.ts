import { createMiddleware, getGlobalStartContext } from '@tanstack/react-start'
import { getRequest, setResponseStatus } from '@tanstack/react-start/server'
import { HttpError } from '../errors/http-error'
import { reportIfServerError, visibleError } from '../server/http/error-reporting.server'

/**
 * Server function errors: 5xx are reported and reach the caller as a generic error whose
 * reference is the request id (visibleError); the error's status becomes the response's (not a
 * 200 carrying an error). Function middleware has a browser side too, so it lives outside
 * app/server/; its server part is removed from the browser build.
 */
export const reportFunctionErrors = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    const requestId = getGlobalStartContext()?.requestId
    reportIfServerError(error, requestId, getRequest().signal)
    const visible = visibleError(error, requestId)
    if (visible instanceof HttpError) setResponseStatus(visible.status)
    throw visible
  }
})
