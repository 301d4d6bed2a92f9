import { createCsrfMiddleware, createStart } from '@tanstack/react-start'
import { httpErrorSerialization } from './errors/http-error'
import { canonicalPaths } from './middleware/canonical-paths'
import { contactFormPosts } from './middleware/contact-form-posts'
import { refuseCrossSiteRequest } from './middleware/cross-site-posts'
import { reportFunctionErrors } from './middleware/report-function-errors'
import { reportRequestErrors } from './middleware/error-reporting'
import { languageDetection } from './middleware/language-detection'
import { privateWhenSignedIn } from './middleware/private-when-signed-in'
import { rejectUndecodableServerFnCalls } from './middleware/server-fn-payloads'

/**
 * Start's middleware, in order, one file each in app/middleware/ (their server parts are
 * removed from the browser build). What happens before any of it (host, method, body size,
 * client address, the page cache) is the server entry's: app/server.ts.
 */
export const startInstance = createStart(() => ({
  serializationAdapters: [httpErrorSerialization],
  functionMiddleware: [reportFunctionErrors],
  requestMiddleware: [
    reportRequestErrors,
    // A custom start.ts replaces the default, so the CSRF check on server functions is listed here.
    // The same check guards the contact form's plain post to a page (flagged by app/server.ts).
    createCsrfMiddleware({
      filter: ({ handlerType, context }) => handlerType === 'serverFn' || context.pageFormPost === true,
      failureResponse: refuseCrossSiteRequest,
    }),
    rejectUndecodableServerFnCalls,
    canonicalPaths,
    contactFormPosts,
    languageDetection,
    privateWhenSignedIn,
  ],
}))
