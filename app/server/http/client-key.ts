import ipaddr from 'ipaddr.js'

/**
 * Whose requests count together (contact submissions, a client's share of the render and
 * function slots): an IPv4 address, or an IPv6 /64 (one subscriber's network:
 * counting single IPv6 addresses would give a visitor 2^64 limits).
 */
export function rateLimitKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip
  const address = ipaddr.process(ip)
  if (address.kind() === 'ipv4') return address.toString()
  return `${address.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`
}
