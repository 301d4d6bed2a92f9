import { defineMiddleware } from 'nitro'
import { getRuntimeConfig } from '../../app.config'
import { isAllowedHost } from './allowed-hosts'
import { securityHeaders } from './security-headers'

/**
 * The outermost layer (nitro, before its static files): a request for a host this site is not
 * answers 421 instead of rendering under a foreign name, and every response, whatever made it
 * (static file, redirect, 304, error), leaves with the security headers. Pages bring their own
 * policy (hash-based CSP, page-delivery.server.ts); nothing here replaces a header already set.
 * Stateless: nitro bundles this apart from the app.
 */
export default defineMiddleware(async (event, next) => {
  const config = getRuntimeConfig()
  const headers = securityHeaders(config)
  // Load balancers probe by address; these two say nothing about the site.
  const isProbe = event.url.pathname === '/healthz' || event.url.pathname === '/readyz'
  if (!isProbe && !isAllowedHost(event.req.headers.get('host'), config, import.meta.env.DEV)) {
    return new Response('Misdirected request: unknown host\n', {
      status: 421,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  let value: unknown
  try {
    value = await next()
  } catch (error) {
    const status = httpStatusOf(error)
    if (status >= 500) console.error('[server] unhandled error', error)
    const text = status === 404 ? 'Not found / Niet gevonden' : status >= 500 ? 'Server error / Serverfout' : 'Bad request / Ongeldig verzoek'
    return new Response(`${text}\n`, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
  if (value instanceof Response) {
    for (const [name, headerValue] of Object.entries(headers)) if (!value.headers.has(name)) value.headers.set(name, headerValue)
    return value
  }
  // A static file: its headers are the ones prepared on the event.
  for (const [name, headerValue] of Object.entries(headers)) if (!event.res.headers.has(name)) event.res.headers.set(name, headerValue)
  return value
})

function httpStatusOf(error: unknown): number {
  const status: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'status') : undefined
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500
}
