import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '../../../server/http/request-guard.server'

/** The old site's API namespace: nothing lives here any more. */
export const Route = createFileRoute('/api/v1/$')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: () => Response.json({ error: 'Not found' }, { status: 404, headers: { 'Cache-Control': 'public, max-age=3600' } }),
    },
  },
})
