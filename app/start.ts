import { createCsrfMiddleware, createStart } from '@tanstack/react-start'
import { httpErrorSerialization } from './server/http-error'
import { canonicalPaths } from './server/middleware/canonical-paths'
import { reportFunctionErrors, reportRequestErrors } from './server/middleware/error-reporting'
import { languageDetection } from './server/middleware/language-detection'
import { privateWhenSignedIn } from './server/middleware/private-when-signed-in'
import { rejectUndecodableServerFnCalls } from './server/middleware/server-fn-payloads'

/**
 * Start's middleware, in order. What happens before any of it (host, method, body size,
 * client address, the page cache) is the server entry's: app/server.ts.
 */
export const startInstance = createStart(() => ({
  serializationAdapters: [httpErrorSerialization],
  functionMiddleware: [reportFunctionErrors],
  requestMiddleware: [
    reportRequestErrors,
    // A custom start.ts replaces the default, so the CSRF check on server functions is listed here.
    createCsrfMiddleware({ filter: ({ handlerType }) => handlerType === 'serverFn' }),
    rejectUndecodableServerFnCalls,
    canonicalPaths,
    languageDetection,
    privateWhenSignedIn,
  ],
}))
