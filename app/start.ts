import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { constants, defaultLocale, getRuntimeConfig } from '../app.config'
import { cookieValue } from './i18n/language-cookie'
import { preferredLocale } from './i18n/negotiate'
import { pathCodec } from './i18n/i18n'
import { canonicalRedirect } from './server/canonical-redirect'
import { legacyRedirect } from './server/legacy-redirects'
import { createNonce, securityHeaders } from './server/security-headers'
import { httpErrorSerialization, statusOf } from './server/http-error'
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

/** A server function call whose body is not JSON is a bad request (400), not a server error. */
const rejectMalformedServerFnBodies = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  if (handlerType === 'serverFn' && request.method === 'POST' && request.headers.get('content-type')?.includes('application/json')) {
    try {
      JSON.parse(await request.clone().text())
    } catch {
      return Response.json({ error: 'Malformed JSON' }, { status: 400 })
    }
  }
  return next()
})

/**
 * Security headers on every response. Each request gets a fresh CSP nonce: the
 * router stamps it on the scripts it renders (see router.tsx) and an HTML
 * response's policy allows exactly that nonce.
 */
const withSecurityHeaders = createMiddleware({ type: 'request' }).server(async ({ next }) => {
  const nonce = createNonce()
  const result = await next({ context: { nonce } })
  const headers = result.response.headers
  const isHtml = headers.get('content-type')?.startsWith('text/html') ?? false
  for (const [name, value] of Object.entries(securityHeaders(getRuntimeConfig(), isHtml ? nonce : undefined))) {
    if (!headers.has(name)) headers.set(name, value)
  }
  return result
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

const reportFunctionErrors = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    if (statusOf(error) >= 500) reportServerError(error)
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
    withSecurityHeaders,
    createCsrfMiddleware({ filter: ({ handlerType }) => handlerType === 'serverFn' }),
    rejectMalformedServerFnBodies,
    canonicalPaths,
    languageDetection,
    privateWhenAuthenticated,
  ],
}))
