import { describe, expect, it } from 'vitest'
import { securityHeaders } from './security-headers'

describe('securityHeaders', () => {
  it('sets the baseline on every response', () => {
    const headers = securityHeaders('http://localhost:3000')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin')
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'")
    expect(headers['Strict-Transport-Security']).toBeUndefined()
  })

  it('adds HSTS for an https site', () => {
    expect(securityHeaders('https://www.example.com')['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains')
  })
})
