import { getRuntimeConfig } from '../platform/env.server'
import { databaseWritable } from '../platform/db.server'
import { redisHealth } from '../platform/redis.server'
import { cmsCircuit, embeddedCmsLoaded } from '../cms-client/client.server'

/**
 * What /readyz says (app/routes/readyz.ts): each dependency by name with its state, and whether
 * this instance should get traffic. Unready only for what stops it doing its job, and what taking
 * it out of a load balancer's rotation can help (ADR 053):
 * - database `failing`: contact messages would be refused (SQLite is this instance's own disk);
 * - cms `failing`: the embedded CMS has not loaded its content, or a remote CMS's circuit is open
 *   (pages not cached fail with a 500 until it closes, at most 10 s later);
 * - redis `degraded`: ready. Rate limits fall back to the database and purges from other
 *   instances wait; Redis is shared, so every instance would go unready together, pages and all.
 */
export type DependencyState = 'ok' | 'degraded' | 'failing' | 'off'

export interface Readiness {
  status: 'ready' | 'degraded' | 'not ready'
  checks: { database: DependencyState; redis: DependencyState; cms: DependencyState }
}

/** Which states make an instance unready and which only degraded. */
export function readinessOf(checks: Readiness['checks']): Readiness {
  const states = Object.values(checks)
  const status = states.includes('failing') ? 'not ready' : states.includes('degraded') ? 'degraded' : 'ready'
  return { status, checks }
}

/** The database check writes (and syncs) a row: done at most every few seconds, whoever asks. */
const databaseCheckMs = 5_000
let databaseCheck: { ok: Promise<boolean>; at: number } | undefined

function databaseOk(): Promise<boolean> {
  if (!databaseCheck || Date.now() - databaseCheck.at >= databaseCheckMs) databaseCheck = { ok: databaseWritable(), at: Date.now() }
  return databaseCheck.ok
}

function cmsState(): DependencyState {
  if (!getRuntimeConfig().CMS_GRAPHQL_URL) return embeddedCmsLoaded() ? 'ok' : 'failing'
  const circuit = cmsCircuit().state
  // Half open: one trial call decides; cached and stale pages are served meanwhile.
  return circuit === 'open' ? 'failing' : circuit === 'half-open' ? 'degraded' : 'ok'
}

export async function readiness(): Promise<Readiness> {
  const redis = redisHealth()
  return readinessOf({
    database: (await databaseOk()) ? 'ok' : 'failing',
    redis: redis === 'down' ? 'degraded' : redis,
    cms: cmsState(),
  })
}
