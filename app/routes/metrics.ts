import { createFileRoute } from '@tanstack/react-router'
import { metricsResponse } from '../server/metrics-endpoint.server'
import { methodNotAllowed } from '../server/http/request-guard.server'

/** For Prometheus: the whole server's metrics (every worker's), behind METRICS_TOKEN (metrics-endpoint.server.ts). */
export const Route = createFileRoute('/metrics')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: ({ request }) => metricsResponse(request),
    },
  },
})
