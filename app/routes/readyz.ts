import { createFileRoute } from '@tanstack/react-router'
import { cmsCircuit } from '../server/cms/client.server'
import { databaseWritable } from '../server/platform/db.server'
import { methodNotAllowed } from '../server/http/request-guard.server'
import { isStopping } from '../server/platform/stopping.server'

/**
 * For load balancers and orchestrators: 200 while this instance can do its work, 503 when the
 * database cannot be written (contact messages would be refused), the CMS circuit is open
 * (only cached pages can be served) or the server is stopping (SIGTERM: unready first, then it
 * stops accepting connections; stopping.server.ts). /healthz stays plain liveness: restarting
 * does not help with any of these.
 */
/** The database check writes (and syncs) a row: done at most every few seconds, whoever asks. */
const databaseCheckMs = 5_000
let databaseCheck: { ok: Promise<boolean>; at: number } | undefined

function databaseOk(): Promise<boolean> {
  if (!databaseCheck || Date.now() - databaseCheck.at >= databaseCheckMs) databaseCheck = { ok: databaseWritable(), at: Date.now() }
  return databaseCheck.ok
}

export const Route = createFileRoute('/readyz')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: async () => {
        if (isStopping()) return Response.json({ status: 'stopping' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
        const checks = { database: (await databaseOk()) ? 'ok' : 'failing', cms: cmsCircuit().state === 'open' ? 'failing' : 'ok' }
        const ready = Object.values(checks).every((state) => state === 'ok')
        return Response.json(
          { status: ready ? 'ready' : 'not ready', checks },
          { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
        )
      },
    },
  },
})
