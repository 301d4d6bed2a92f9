import type { RuntimeConfig } from '../platform/env.server'

/** The names this machine has for itself. */
const loopbackNames = ['localhost', '127.0.0.1', '[::1]']

/**
 * Host names (with port when not the default) of SITE_URL, LOCALE_DOMAINS and ALLOWED_HOSTS.
 * SITE_URL unset (http://localhost:<PORT>): every loopback name on that port too, so a server
 * tried on this machine answers whichever of them the browser was given.
 */
export function allowedHosts(config: RuntimeConfig): Set<string> {
  const hosts = new Set<string>(config.ALLOWED_HOSTS ?? [])
  const origins = [config.SITE_URL, ...Object.values(config.LOCALE_DOMAINS ?? {})]
  if (config.siteUrlFromPort) origins.push(...loopbackNames.map((name) => `http://${name}:${config.PORT}`))
  for (const origin of origins) hosts.add(new URL(origin).host.toLowerCase())
  return hosts
}

let cached: { config: RuntimeConfig; hosts: Set<string> } | undefined

/**
 * Whether a Host header names this site. Anything else (an attacker's domain pointed at the
 * server, a mistyped proxy rule) must not get pages whose links and caches carry that name.
 * In development, localhost and 127.0.0.1 on any port are fine too.
 */
export function isAllowedHost(host: string | null, config: RuntimeConfig, development = false): boolean {
  if (!host) return false
  const name = host.toLowerCase()
  if (cached?.config !== config) cached = { config, hosts: allowedHosts(config) }
  if (cached.hosts.has(name)) return true
  return development && /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/.test(name)
}
