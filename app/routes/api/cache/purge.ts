import { createFileRoute } from '@tanstack/react-router'
import { hasBearer } from '../../../server/http/bearer.server'
import { getRuntimeConfig } from '../../../server/platform/env.server'
import { purgeContentCachesEverywhere } from '../../../server/pages/content-caches.server'
import { logger } from '../../../server/platform/logger.server'
import { methodNotAllowed } from '../../../server/http/request-guard.server'

const noStore = { 'Cache-Control': 'no-store' }

/**
 * For a CMS's publish webhook: `POST /api/cache/purge` with
 * `Authorization: Bearer <CACHE_PURGE_SECRET>` empties the page cache and the
 * CMS result cache of every worker, so the next visitor sees the published content.
 */
export const Route = createFileRoute('/api/cache/purge')({
  server: {
    handlers: {
      POST: async ({ request }) => {
        const secret = getRuntimeConfig().CACHE_PURGE_SECRET
        if (!secret)
          return Response.json({ error: 'Cache purging is off: CACHE_PURGE_SECRET is not set' }, { status: 404, headers: noStore })
        if (!hasBearer(request, secret)) {
          return Response.json({ error: 'Wrong or missing secret' }, { status: 401, headers: { ...noStore, 'WWW-Authenticate': 'Bearer' } })
        }
        try {
          return Response.json({ purged: await purgeContentCachesEverywhere() }, { headers: noStore })
        } catch (error) {
          // This worker is purged; the others could not be told (Redis away). The webhook should retry.
          logger.error({ err: error }, '[purge] could not reach the other workers and instances')
          return Response.json(
            { error: 'Purged this worker only: the other workers and instances could not be reached; try again' },
            { status: 503, headers: { ...noStore, 'Retry-After': '5' } },
          )
        }
      },
      ANY: () => methodNotAllowed('POST'),
    },
  },
})
