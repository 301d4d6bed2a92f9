import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '../server/http/request-guard.server'
import { readiness } from '../server/readiness.server'

/**
 * For load balancers and orchestrators: 200 while this instance can do its work, 503 when it
 * cannot (readiness.server.ts says when). /healthz stays plain liveness: restarting does not
 * help with any of these.
 */
export const Route = createFileRoute('/readyz')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: async () => {
        const state = await readiness()
        return Response.json(state, { status: state.status === 'ready' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
      },
    },
  },
})
