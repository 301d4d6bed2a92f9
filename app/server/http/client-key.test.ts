import { describe, expect, it } from 'vitest'
import { rateLimitKey } from './client-key'

describe('contact rate limit key', () => {
  it('is the address for IPv4, the /64 network for IPv6', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7')
    // An IPv4-mapped IPv6 address is the IPv4 client.
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    // Every address of one /64 shares one limit, however it is written.
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(rateLimitKey('2001:db8:1:2::1'))
    expect(rateLimitKey('unknown')).toBe('unknown')
  })
})
