import { createFileRoute } from '@tanstack/react-router'

/** For load balancers: answers while the process can serve requests. */
export const Route = createFileRoute('/healthz')({
  server: {
    handlers: {
      GET: () =>
        Response.json(
          { status: 'ok', uptimeSeconds: Math.round(process.uptime()) },
          { headers: { 'Cache-Control': 'no-store' } },
        ),
    },
  },
})
