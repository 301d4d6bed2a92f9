import { describe, expect, it } from 'vitest'
import { clientIp, trustOf } from './client-ip.server'

describe('clientIp', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientIp('203.0.113.9', '1.2.3.4', 0)).toBe('203.0.113.9')
  })

  it('takes the right-most untrusted address: a client cannot pick its own by prepending', () => {
    // Behind one proxy that appends the address it saw (198.51.100.7); the client wrote 1.2.3.4.
    expect(clientIp('10.0.0.2', '1.2.3.4, 198.51.100.7', 1)).toBe('198.51.100.7')
    expect(clientIp('10.0.0.2', '198.51.100.7', 1)).toBe('198.51.100.7')
    // Two proxies (CDN, then a load balancer).
    expect(clientIp('10.0.0.2', '9.9.9.9, 198.51.100.7, 172.16.0.5', 2)).toBe('198.51.100.7')
    // Fewer entries than hops: the left-most one.
    expect(clientIp('10.0.0.2', '198.51.100.7', 5)).toBe('198.51.100.7')
  })

  it('trusts proxies by address or range', () => {
    expect(clientIp('127.0.0.1', '1.2.3.4, 198.51.100.7', ['loopback'])).toBe('198.51.100.7')
    expect(clientIp('10.1.2.3', '1.2.3.4, 198.51.100.7, 10.9.9.9', ['10.0.0.0/8'])).toBe('198.51.100.7')
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(clientIp('203.0.113.9', '1.2.3.4', ['10.0.0.0/8'])).toBe('203.0.113.9')
  })
})

describe('trustOf', () => {
  it('refuses what proxy-addr cannot read, so a bad TRUST_PROXY stops the start', () => {
    expect(() => trustOf(['dead'])).toThrow()
    expect(() => trustOf(['10.0.0.0/99'])).toThrow()
    expect(trustOf(['loopback'])('127.0.0.1', 0)).toBe(true)
  })
})
