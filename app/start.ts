import { createCsrfMiddleware, createMiddleware, createStart, defaultSerovalDeserializerPlugins } from '@tanstack/react-start'
import { fromJSON, type SerovalJSON } from 'seroval'
import { constants, defaultLocale } from '../app.config'
import { cookieValue } from './i18n/language-cookie'
import { preferredLocale } from './i18n/negotiate'
import { pathCodec } from './i18n/i18n'
import { canonicalRedirect } from './server/canonical-redirect'
import { legacyRedirect } from './server/legacy-redirects'
import { setResponseStatus } from '@tanstack/react-start/server'
import { HttpError, httpErrorSerialization, statusOf } from './server/http-error'
import { reportServerError } from './server/sentry.server'

/**
 * Old site's paths → their new page, `/nl/x` → `/x` and `/x/` → `/x`: one
 * permanent redirect each, before any routing.
 */
const canonicalPaths = createMiddleware({ type: 'request' }).server(({ request, next, handlerType }) => {
  if (handlerType === 'router') {
    const url = new URL(request.url)
    const target = legacyRedirect(url.pathname, pathCodec.toPublic) ?? canonicalRedirect(url)
    if (target) return new Response(null, { status: 301, headers: { Location: target } })
  }
  return next()
})

/**
 * A visitor asking for `/` is sent to their language: an explicit choice
 * (cookie) first, then the browser's languages; nl stays on `/`.
 */
const languageDetection = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  const url = new URL(request.url)
  if (handlerType !== 'router' || url.pathname !== '/' || request.method !== 'GET') return next()
  const vary = 'Accept-Language, Cookie'
  const locale = preferredLocale(
    cookieValue(request.headers.get('cookie'), constants.languageCookie.name),
    request.headers.get('accept-language'),
  )
  if (locale !== defaultLocale) {
    return new Response(null, { status: 302, headers: { Location: `/${locale}${url.search}`, Vary: vary } })
  }
  const result = await next()
  result.response.headers.set('Vary', vary)
  return result
})

/** Responses to a visitor with the auth cookie are personal: never stored by shared caches. */
const privateWhenAuthenticated = createMiddleware({ type: 'request' }).server(async ({ request, next }) => {
  const result = await next()
  if (cookieValue(request.headers.get('cookie'), constants.authCookie.name)) {
    result.response.headers.set('Cache-Control', 'private, no-store')
  }
  return result
})

/** The envelope Start's client sends (seroval's toJSON): a node tree, feature flags, marks. */
function isSerovalJson(value: unknown): value is SerovalJSON {
  if (typeof value !== 'object' || value === null) return false
  const t: unknown = Reflect.get(value, 't')
  return typeof t === 'object' && t !== null && typeof Reflect.get(value, 'f') === 'number' && Array.isArray(Reflect.get(value, 'm'))
}

/**
 * Why a server function call cannot be decoded (the caller's fault: 400), or undefined.
 * Start decodes inside its handler and answers any failure with a 500, so the same
 * decoding (seroval with the router's plugins) runs here first.
 */
async function undecodableServerFnCall(request: Request): Promise<string | undefined> {
  const contentType = request.headers.get('content-type') ?? ''
  if (request.method !== 'GET' && /multipart\/form-data|application\/x-www-form-urlencoded/.test(contentType)) {
    try {
      await request.clone().formData()
      return undefined
    } catch {
      return 'Malformed form data'
    }
  }
  let text: string | null = null
  if (request.method === 'GET') text = new URL(request.url).searchParams.get('payload')
  else if (contentType.includes('application/json')) text = await request.clone().text()
  if (text === null || (request.method === 'GET' && text === '')) return undefined
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return 'Malformed JSON'
  }
  if (!isSerovalJson(json)) return 'Malformed payload'
  try {
    // The router's own plugins are the ones a browser's call can use; the site's adapters only
    // serialize errors in responses.
    fromJSON(json, { plugins: defaultSerovalDeserializerPlugins })
    return undefined
  } catch {
    return 'Malformed payload'
  }
}

const rejectUndecodableServerFnCalls = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  if (handlerType !== 'serverFn') return next()
  const problem = await undecodableServerFnCall(request)
  if (problem) return Response.json({ error: problem }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
  try {
    return await next()
  } catch (error) {
    // A made-up function id: Start throws a plain error (a 500) where this is a 404.
    if (error instanceof Error && error.message.startsWith('Server function info not found')) {
      return Response.json({ error: 'Unknown server function' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
    }
    throw error
  }
})

/** Server errors (5xx) from server functions and server routes go to error reporting. */
const reportErrors = createMiddleware({ type: 'request' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    if (statusOf(error) >= 500) reportServerError(error)
    throw error
  }
})

/** Server function errors: 5xx are reported; an HttpError's client status (400, 404) becomes the response's. */
const reportFunctionErrors = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    if (statusOf(error) >= 500) reportServerError(error)
    else if (error instanceof HttpError) setResponseStatus(error.status)
    throw error
  }
})

export const startInstance = createStart(() => ({
  serializationAdapters: [httpErrorSerialization],
  // A custom start.ts replaces the default, so the CSRF check on server
  // functions has to be added here explicitly.
  functionMiddleware: [reportFunctionErrors],
  requestMiddleware: [
    reportErrors,
    createCsrfMiddleware({ filter: ({ handlerType }) => handlerType === 'serverFn' }),
    rejectUndecodableServerFnCalls,
    canonicalPaths,
    languageDetection,
    privateWhenAuthenticated,
  ],
}))
