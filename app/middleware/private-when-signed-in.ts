import { createMiddleware } from '@tanstack/react-start'
import { constants } from '../../app.config'
import { cookieValue } from '../i18n/language-cookie'

/** Responses to a visitor with the auth cookie are personal: never stored by shared caches. */
export const privateWhenSignedIn = createMiddleware({ type: 'request' }).server(async ({ request, next }) => {
  const result = await next()
  if (cookieValue(request.headers.get('cookie'), constants.authCookie.name)) {
    result.response.headers.set('Cache-Control', 'private, no-store')
  }
  return result
})
