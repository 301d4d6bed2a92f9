import { createMiddleware } from '@tanstack/react-start'
import { constants, defaultLocale } from '../../app.config'
import { cookieValue } from '../i18n/language-cookie'
import { preferredLocale } from '../i18n/negotiate'

/**
 * A visitor asking for `/` is sent to their language: an explicit choice
 * (cookie) first, then the browser's languages; nl stays on `/`.
 */
export const languageDetection = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
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
