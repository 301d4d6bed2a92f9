import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hasBearer } from '../http/bearer.server'
import { sameSecret } from './same-secret.server'

describe('sameSecret', () => {
  it('matches only the same secret, whatever the lengths', () => {
    expect(sameSecret('a-long-enough-secret', 'a-long-enough-secret')).toBe(true)
    expect(sameSecret('a-long-enough-secreT', 'a-long-enough-secret')).toBe(false)
    expect(sameSecret('a-long-enough-secret-and-more', 'a-long-enough-secret')).toBe(false)
    expect(sameSecret('a', 'a-long-enough-secret')).toBe(false)
    expect(sameSecret(Buffer.from('mac'), Buffer.from('mac'))).toBe(true)
    expect(sameSecret(Buffer.from('mac'), Buffer.from('mad'))).toBe(false)
  })

  it('never matches a missing or empty value', () => {
    expect(sameSecret(undefined, 'secret')).toBe(false)
    expect(sameSecret(null, 'secret')).toBe(false)
    expect(sameSecret('', '')).toBe(false)
    expect(sameSecret(Buffer.alloc(0), Buffer.alloc(0))).toBe(false)
  })

  it('checks a Bearer token', () => {
    const request = (authorization?: string) => new Request('http://localhost/', { headers: authorization ? { authorization } : {} })
    expect(hasBearer(request('Bearer a-long-enough-secret'), 'a-long-enough-secret')).toBe(true)
    expect(hasBearer(request('Bearer  a-long-enough-secret'), 'a-long-enough-secret')).toBe(false)
    expect(hasBearer(request('Basic a-long-enough-secret'), 'a-long-enough-secret')).toBe(false)
    expect(hasBearer(request(), 'a-long-enough-secret')).toBe(false)
  })

  it('is the one comparison for secrets in the app (no timingSafeEqual or === elsewhere)', () => {
    const files = readdirSync('app', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => join('app', file))
    const offenders = files.filter((file) => {
      if (file === join('app', 'server', 'platform', 'same-secret.server.ts')) return false
      const text = readFileSync(file, 'utf8')
      // A secret compared with === leaks how much of it a guess got right.
      return /timingSafeEqual/.test(text) || /===?\s*`Bearer \$\{|`Bearer \$\{[^`]*`\s*[!=]==?/.test(text)
    })
    expect(offenders).toEqual([])
  })
})
