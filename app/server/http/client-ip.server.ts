import proxyaddr from 'proxy-addr'
import type { RuntimeConfig } from '../platform/env.server'

type Trust = (address: string, hop: number) => boolean

let compiled: { setting: RuntimeConfig['TRUST_PROXY']; trust: Trust } | undefined

/**
 * The TRUST_PROXY setting as a function, compiled once. Throws for an address or range
 * proxy-addr cannot read (start-up calls this, so a bad value stops the start).
 */
export function trustOf(setting: RuntimeConfig['TRUST_PROXY']): Trust {
  if (compiled?.setting === setting) return compiled.trust
  let trust: Trust
  if (typeof setting === 'number') trust = (_address, hop) => hop < setting
  else {
    const trusted = proxyaddr.compile(setting)
    trust = (address) => trusted(address, 0)
  }
  compiled = { setting, trust }
  return trust
}

/**
 * The visitor's address, as proxy-addr (Express's `trust proxy`) defines it: walk from the
 * socket's peer back through X-Forwarded-For (right to left) and take the first address that
 * is not a trusted proxy. A proxy appends what it saw, so the left-most entries are whatever
 * the client wrote and never decide anything unless every hop after them is trusted.
 */
export function clientIp(socketAddress: string | undefined, forwardedFor: string | null, setting: RuntimeConfig['TRUST_PROXY']): string {
  const peer = socketAddress ?? 'unknown'
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse()
  const chain = [peer, ...forwarded]
  const trust = trustOf(setting)
  for (let hop = 0; hop < chain.length - 1; hop++) {
    const address = chain[hop] ?? peer
    if (!trust(address, hop)) return address
  }
  return chain.at(-1) ?? peer
}
