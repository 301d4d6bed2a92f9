import { createMiddleware } from '@tanstack/react-start'
import { constants } from '../../app.config'
import { cookieValue } from '../i18n/language-cookie'

/**
 * Responses to a signed-in visitor, or to an editor in preview (drafts, the preview bar), are
 * personal: never stored by shared caches. Pages, server functions and server routes alike.
 */
export const privateWhenSignedIn = createMiddleware({ type: 'request' }).server(async ({ request, next }) => {
  const result = await next()
  const cookies = request.headers.get('cookie')
  if (cookieValue(cookies, constants.authCookie.name) || cookieValue(cookies, constants.previewCookie.name)) {
    result.response.headers.set('Cache-Control', 'private, no-store')
  }
  return result
})
