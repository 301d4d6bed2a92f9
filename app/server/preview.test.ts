import { describe, expect, it } from 'vitest'
import { createPreviewToken, isValidPreviewToken, previewMaxAgeSeconds, safeReturnPath } from './preview.server'

const secret = 'a-preview-secret-of-some-length'

describe('preview tokens', () => {
  const now = Date.UTC(2026, 10, 23, 12)
  const token = createPreviewToken(secret, now)

  it('are valid with their secret until they expire', () => {
    expect(token).toMatch(/^\d+\.[\w-]{43}$/)
    expect(isValidPreviewToken(token, secret, now)).toBe(true)
    expect(isValidPreviewToken(token, secret, now + (previewMaxAgeSeconds - 1) * 1000)).toBe(true)
    expect(isValidPreviewToken(token, secret, now + previewMaxAgeSeconds * 1000)).toBe(false)
  })

  it('are refused when forged, altered, signed with another secret or when preview is off', () => {
    const [expires = '', signature = ''] = token.split('.')
    expect(isValidPreviewToken(`${Number(expires) + 3600}.${signature}`, secret, now)).toBe(false)
    expect(isValidPreviewToken(`${expires}.${'A'.repeat(43)}`, secret, now)).toBe(false)
    expect(isValidPreviewToken(token, 'another-secret-of-some-length', now)).toBe(false)
    expect(isValidPreviewToken(token, undefined, now)).toBe(false)
    for (const junk of ['', '1', 'x.y', `${expires}.${signature}.x`, undefined, null])
      expect(isValidPreviewToken(junk, secret, now)).toBe(false)
  })
})

describe('safeReturnPath', () => {
  it.each([
    ['/over-ons', '/over-ons'],
    ['/en/about-us?x=1', '/en/about-us?x=1'],
    [null, '/'],
    ['', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/a b', '/'],
    // Decoded by the query string: encoded again, as a header must be ASCII.
    ['/de/über-uns', '/de/%C3%BCber-uns'],
    ['/日', '/%E6%97%A5'],
    ['/de/%C3%BCber-uns', '/de/%C3%BCber-uns'],
    ['/\u0000', '/'],
    ['/\u0001x', '/'],
    ['/\u007f', '/'],
    ['/.//evil.example', '/'],
    ['/a/..//evil.example', '/'],
  ])('%j → %j', (given, expected) => {
    expect(safeReturnPath(given)).toBe(expected)
  })
})
