import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '../server/http/request-guard.server'
import { isStopping } from '../server/platform/stopping.server'
import { readiness } from '../server/http/readiness.server'

/**
 * For load balancers and orchestrators: 200 while this instance can do its work (`ready`, or
 * `degraded` when a dependency it can do without is away), 503 when it cannot (readiness.server.ts
 * says which) or the server is stopping (SIGTERM: unready first, then it stops accepting
 * connections; stopping.server.ts). The body names each dependency with its state. /healthz stays
 * plain liveness: restarting does not help with any of these.
 */
export const Route = createFileRoute('/readyz')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: async () => {
        if (isStopping()) return Response.json({ status: 'stopping' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
        const answer = await readiness()
        return Response.json(answer, { status: answer.status === 'not ready' ? 503 : 200, headers: { 'Cache-Control': 'no-store' } })
      },
    },
  },
})
