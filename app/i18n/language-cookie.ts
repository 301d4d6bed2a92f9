import { parseCookie } from 'cookie-es'
import { constants, type Locale } from '../../app.config'

/** Records an explicit language choice (365 days, SameSite=Lax, Secure on https). */
export function rememberLanguage(locale: Locale): void {
  const { name, maxAgeSeconds } = constants.languageCookie
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${name}=${locale}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`
}

/**
 * Reads a cookie value from a Cookie header with the framework's own parser (cookie-es, what
 * Start's getCookie uses), so every reader of a cookie agrees on what it says: `a =x` and
 * `a= x` are `x`, the first of two is the one. Bad percent-encoding is returned as sent.
 */
export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  return parseCookie(header)[name]
}
