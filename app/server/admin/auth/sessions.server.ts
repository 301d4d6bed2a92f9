import { createHash, randomBytes } from 'node:crypto'
import { databaseWith } from '../../platform/db.server'
import type { EditorIdentity } from '../local-api.server'
import type { Role } from './roles'
import { adminAuthSchema } from './store.server'

/**
 * The signed-in editors' sessions (ADR 100). The cookie holds a random token; the database holds
 * its SHA-256 (a copy of the database signs no one in), with the CSRF token bound to it, the
 * person, the role, and when it began and was last used. Every worker and instance reads the same
 * rows: a sign-out or an expiry on one is one everywhere at once.
 */

export interface Session extends EditorIdentity {
  role: Role
  /** Sent back by /admin's page on every call (X-Admin-Session), and with the sign-out form. */
  csrf: string
}

export interface SessionTimes {
  /** Minutes without a call after which the session ends. */
  idleMinutes: number
  /** Hours after sign-in at which it ends. */
  maxHours: number
}

/** A session the cookie named that was past its time: the audit log says whose. */
export interface ExpiredSession {
  expired: Pick<Session, 'subject' | 'email' | 'role'>
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(32).toString('base64url')
/** What newToken makes; anything else is looked up nowhere. */
export const tokenPattern = /^[\w-]{43}$/

/** A session is touched (seen_at) at most this often: Decap makes dozens of calls at load. */
const touchEveryMs = 30_000

/** Starts a session for `person`; the session `replaces` (the browser's old cookie) ends (rotation at sign-in). */
export async function startSession(
  person: Omit<Session, 'csrf'>,
  replaces: string | undefined,
  now = Date.now(),
): Promise<{ token: string; csrf: string }> {
  const sql = await databaseWith(adminAuthSchema)
  const token = newToken()
  const csrf = newToken()
  await sql.transaction(async (tx) => {
    if (replaces !== undefined && tokenPattern.test(replaces)) await tx.query('DELETE FROM admin_sessions WHERE id = $1', [hash(replaces)])
    await tx.query(
      'INSERT INTO admin_sessions (id, csrf, subject, name, email, role, created_at, seen_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)',
      [hash(token), csrf, person.subject, person.name, person.email ?? null, person.role, now],
    )
  })
  return { token, csrf }
}

const isRole = (value: unknown): value is Role => value === 'editor' || value === 'publisher'

/**
 * The session of a cookie's token, if it is live at `now` (touched then); a session past its idle
 * time or its lifetime is deleted and reported as expired; an unknown token is undefined.
 */
export async function sessionOf(
  token: string | undefined,
  times: SessionTimes,
  now = Date.now(),
): Promise<Session | ExpiredSession | undefined> {
  if (token === undefined || !tokenPattern.test(token)) return undefined
  const sql = await databaseWith(adminAuthSchema)
  const id = hash(token)
  const [row] = await sql.query('SELECT csrf, subject, name, email, role, created_at, seen_at FROM admin_sessions WHERE id = $1', [id])
  if (!row || typeof row.csrf !== 'string' || typeof row.subject !== 'string' || !isRole(row.role)) return undefined
  const email = typeof row.email === 'string' ? row.email : undefined
  const seen = Number(row.seen_at)
  if (now - seen >= times.idleMinutes * 60_000 || now - Number(row.created_at) >= times.maxHours * 3_600_000) {
    await sql.query('DELETE FROM admin_sessions WHERE id = $1', [id])
    return { expired: { subject: row.subject, email, role: row.role } }
  }
  if (now - seen >= touchEveryMs) await sql.query('UPDATE admin_sessions SET seen_at = $1 WHERE id = $2', [now, id])
  return { subject: row.subject, name: String(row.name), email, role: row.role, csrf: row.csrf }
}

/** Ends a session (sign-out); true when there was one. */
export async function endSession(token: string | undefined): Promise<boolean> {
  if (token === undefined || !tokenPattern.test(token)) return false
  const sql = await databaseWith(adminAuthSchema)
  return (await sql.query('DELETE FROM admin_sessions WHERE id = $1 RETURNING id', [hash(token)])).length > 0
}

/** Deletes sessions past their idle time or lifetime, and sign-ins never finished (at each sign-in). */
export async function pruneSessions(times: SessionTimes, now = Date.now()): Promise<void> {
  const sql = await databaseWith(adminAuthSchema)
  await sql.query('DELETE FROM admin_sessions WHERE seen_at <= $1 OR created_at <= $2', [
    now - times.idleMinutes * 60_000,
    now - times.maxHours * 3_600_000,
  ])
  await sql.query('DELETE FROM admin_sign_ins WHERE created_at <= $1', [now - signInMs])
}

/** How long a sign-in at the provider may take. */
export const signInMs = 10 * 60_000

/** Remembers a sign-in under way; the browser keeps `id` in a cookie, so the provider's answer is taken only by the browser that asked. */
export async function rememberSignIn(checks: { state: string; nonce: string; verifier: string }, now = Date.now()): Promise<string> {
  const sql = await databaseWith(adminAuthSchema)
  const id = newToken()
  await sql.query('INSERT INTO admin_sign_ins (id, state, nonce, verifier, created_at) VALUES ($1, $2, $3, $4, $5)', [
    hash(id),
    checks.state,
    checks.nonce,
    checks.verifier,
    now,
  ])
  return id
}

/** Takes a sign-in under way (once: a second answer with the same id finds nothing). */
export async function takeSignIn(
  id: string | undefined,
  now = Date.now(),
): Promise<{ state: string; nonce: string; verifier: string } | undefined> {
  if (id === undefined || !tokenPattern.test(id)) return undefined
  const sql = await databaseWith(adminAuthSchema)
  const [row] = await sql.query('DELETE FROM admin_sign_ins WHERE id = $1 RETURNING state, nonce, verifier, created_at', [hash(id)])
  if (!row || now - Number(row.created_at) >= signInMs) return undefined
  const { state, nonce, verifier } = row
  if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') return undefined
  return { state, nonce, verifier }
}
