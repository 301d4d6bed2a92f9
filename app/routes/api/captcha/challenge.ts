import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '../../../server/request-guard.server'
import { newChallenge } from '../../../server/contact/captcha.server'

/** A fresh signed proof-of-work challenge for the contact form's ALTCHA widget. */
export const Route = createFileRoute('/api/captcha/challenge')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: async () => Response.json(await newChallenge(), { headers: { 'Cache-Control': 'no-store' } }),
    },
  },
})
