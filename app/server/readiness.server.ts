import { cmsCircuit } from './cms-client/client.server'
import { databaseWritable } from './platform/db.server'
import { isStopping } from './platform/stopping.server'

/**
 * Whether this instance can do its work: what /readyz answers (app/routes/readyz.ts) and the
 * site_ready gauge shows (metrics-endpoint.server.ts). Not ready when the database cannot be
 * written (contact messages would be refused), the CMS circuit is open (only cached pages can be
 * served) or the server is stopping (SIGTERM: unready first, then it stops accepting; stopping.server.ts).
 */
export type Readiness =
  { status: 'stopping' } | { status: 'ready' | 'not ready'; checks: { database: 'ok' | 'failing'; cms: 'ok' | 'failing' } }

/** The database check writes (and syncs) a row: done at most every few seconds, whoever asks (probe or scrape). */
const databaseCheckMs = 5_000
let databaseCheck: { ok: Promise<boolean>; at: number } | undefined

function databaseOk(): Promise<boolean> {
  if (!databaseCheck || Date.now() - databaseCheck.at >= databaseCheckMs) databaseCheck = { ok: databaseWritable(), at: Date.now() }
  return databaseCheck.ok
}

export async function readiness(): Promise<Readiness> {
  if (isStopping()) return { status: 'stopping' }
  const checks = { database: (await databaseOk()) ? 'ok' : 'failing', cms: cmsCircuit().state === 'open' ? 'failing' : 'ok' } as const
  const ready = checks.database === 'ok' && checks.cms === 'ok'
  return { status: ready ? 'ready' : 'not ready', checks }
}
