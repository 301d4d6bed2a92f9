import { createFileRoute } from '@tanstack/react-router'
import { getRuntimeConfig } from '../../server/platform/env.server'
import { methodNotAllowed } from '../../server/http/request-guard.server'
import { securityTxt, securityTxtExpiry } from '../../server/seo/security-txt'

export const Route = createFileRoute('/.well-known/security.txt')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: () => {
        const config = getRuntimeConfig()
        const origins = new Set([new URL(config.SITE_URL).origin, ...Object.values(config.LOCALE_DOMAINS ?? {})])
        const text = securityTxt({
          contacts: config.SECURITY_CONTACT,
          // From the process start (performance.timeOrigin): each deploy renews it.
          expires: securityTxtExpiry(new Date(performance.timeOrigin)),
          languages: config.SECURITY_LANGUAGES,
          canonical: [...origins].map((origin) => `${origin}/.well-known/security.txt`),
        })
        return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } })
      },
    },
  },
})
