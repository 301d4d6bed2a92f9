import { constants, type Locale } from '../../app.config'

/** Records an explicit language choice (365 days, SameSite=Lax, Secure on https). */
export function rememberLanguage(locale: Locale): void {
  const { name, maxAgeSeconds } = constants.languageCookie
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${name}=${locale}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`
}

/**
 * Reads a cookie value from a Cookie header. A value that is not valid percent-encoding
 * (`%`, `%E0%A4%A`) is returned as sent: anyone can send any Cookie header, and a bad one
 * must not turn every page into a 500.
 */
export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) {
      const value = rest.join('=')
      try {
        return decodeURIComponent(value)
      } catch {
        return value
      }
    }
  }
  return undefined
}
