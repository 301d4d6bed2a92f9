import { databaseWith } from '../../platform/db.server'
import { logger } from '../../platform/logger.server'
import type { Role } from './roles'
import { adminAuthSchema } from './store.server'

/**
 * The admin's audit log (ADR 102): who (the editor's e-mail address or provider id, and role),
 * what (the event and the files it named), when, and how it ended. Nothing of visitors: no
 * address, no browser. Read by operators with `npm run admin-audit`; events older than
 * ADMIN_AUDIT_RETENTION_DAYS are deleted at each sign-in.
 */

export type AuditEvent = 'sign-in' | 'sign-out' | 'session-expired' | (string & {})
export type AuditOutcome = 'ok' | 'refused' | 'failed'

export interface AuditEntry {
  actor: string | undefined
  role: Role | undefined
  event: AuditEvent
  target?: string | undefined
  outcome: AuditOutcome
}

const dayMs = 24 * 60 * 60_000

/** Writes an event; a failed write is logged, never the caller's failure (the call it records was answered). */
export async function audit(entry: AuditEntry, now = Date.now()): Promise<void> {
  try {
    const sql = await databaseWith(adminAuthSchema)
    await sql.query('INSERT INTO admin_audit (at, actor, role, event, target, outcome) VALUES ($1, $2, $3, $4, $5, $6)', [
      new Date(now).toISOString(),
      entry.actor ?? null,
      entry.role ?? null,
      entry.event,
      entry.target?.slice(0, 2000) ?? null,
      entry.outcome,
    ])
  } catch (error) {
    logger.error({ err: error, event: entry.event }, '[admin] audit log not written')
  }
}

/** Deletes events older than `days` (at = ISO time: as text it sorts as time does). Returns how many. */
export async function pruneAudit(days: number, now = Date.now()): Promise<number> {
  const sql = await databaseWith(adminAuthSchema)
  const cutoff = new Date(now - days * dayMs).toISOString()
  return (await sql.query('DELETE FROM admin_audit WHERE at < $1 RETURNING id', [cutoff])).length
}

/** The files a call names, for the log: a save's paths, a delete's, a draft's collection and slug. */
export function targetOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('params' in body)) return undefined
  const params = body.params
  if (typeof params !== 'object' || params === null) return undefined
  const names: string[] = []
  const add = (value: unknown) => {
    if (typeof value === 'string') names.push(value)
  }
  if ('dataFiles' in params && Array.isArray(params.dataFiles))
    for (const file of params.dataFiles) if (typeof file === 'object' && file !== null && 'path' in file) add(file.path)
  if ('asset' in params && typeof params.asset === 'object' && params.asset !== null && 'path' in params.asset) add(params.asset.path)
  if ('paths' in params && Array.isArray(params.paths)) params.paths.forEach(add)
  if ('path' in params) add(params.path)
  if ('collection' in params && 'slug' in params && typeof params.collection === 'string' && typeof params.slug === 'string')
    names.push(`${params.collection}/${params.slug}`)
  return names.length > 0 ? names.join(', ') : undefined
}
