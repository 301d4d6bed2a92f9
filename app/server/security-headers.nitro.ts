import { definePlugin } from 'nitro'
import { getRuntimeConfig } from './env.server'
import { securityHeaders } from './security-headers'

/**
 * Every response leaves with the security headers, whatever made it: a static file (nitro
 * serves those before the app), a redirect, a 304, an error. Pages bring their own policy
 * (hash-based CSP, page-delivery.server.ts); a header already set is never replaced.
 * Stateless: nitro bundles this apart from the app.
 */
export default definePlugin((nitroApp) => {
  nitroApp.hooks?.hook('response', (response) => {
    for (const [name, value] of Object.entries(securityHeaders(getRuntimeConfig()))) {
      if (!response.headers.has(name)) response.headers.set(name, value)
    }
  })
})
