import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '../../../server/http/request-guard.server'
import { newChallenge } from '../../../server/contact/captcha.server'
import { logger } from '../../../server/platform/logger.server'

/** A fresh signed proof-of-work challenge for the contact form's ALTCHA widget. */
export const Route = createFileRoute('/api/captcha/challenge')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: async () => {
        try {
          return Response.json(await newChallenge(), { headers: { 'Cache-Control': 'no-store' } })
        } catch (error) {
          // The signing key is kept in the database (without ALTCHA_HMAC_KEY): storage is away.
          logger.error({ err: error }, '[captcha] no challenge: the signing key could not be read')
          return Response.json(
            { error: 'Temporarily unavailable' },
            { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } },
          )
        }
      },
    },
  },
})
