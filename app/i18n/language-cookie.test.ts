import { describe, expect, it } from 'vitest'
import { cookieValue } from './language-cookie'

describe('cookieValue', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(cookieValue('consent=granted; lang=de; x=1', 'lang')).toBe('de')
    expect(cookieValue('auth_token=a%20b%3Dc', 'auth_token')).toBe('a b=c')
    expect(cookieValue('token=a=b=c', 'token')).toBe('a=b=c')
  })

  it('is undefined without the cookie or the header', () => {
    expect(cookieValue(null, 'lang')).toBeUndefined()
    expect(cookieValue('', 'lang')).toBeUndefined()
    expect(cookieValue('language=de', 'lang')).toBeUndefined()
  })

  // Found by tests/e2e/fuzz.spec.ts: `Cookie: lang=%` made every page a 500 (URIError).
  it.each(['%', 'r%\\', '%E0%A4%A', '%zz', '100%'])('returns the malformed percent-encoding %j as sent instead of throwing', (value) => {
    expect(cookieValue(`lang=${value}; consent=granted`, 'lang')).toBe(value)
  })
})

describe('cookieValue reads cookies as the framework does', () => {
  it('trims names and values and takes the first of two', () => {
    expect(cookieValue('auth_token =TOKEN', 'auth_token')).toBe('TOKEN')
    expect(cookieValue('consent= granted', 'consent')).toBe('granted')
    expect(cookieValue('consent =granted; consent=denied', 'consent')).toBe('granted')
  })
})
