import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '../server/http/request-guard.server'

/** For load balancers: answers while the process can serve requests. */
export const Route = createFileRoute('/healthz')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: () => Response.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }, { headers: { 'Cache-Control': 'no-store' } }),
    },
  },
})
