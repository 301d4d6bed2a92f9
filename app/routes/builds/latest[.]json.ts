import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '../../server/http/request-guard.server'

const startedAt = Date.now()

/** The running build's id: clients compare it with their own to notice a deploy. */
export const Route = createFileRoute('/builds/latest.json')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: () => Response.json({ id: __BUILD_ID__, timestamp: startedAt }, { headers: { 'Cache-Control': 'no-cache, no-store' } }),
    },
  },
})
