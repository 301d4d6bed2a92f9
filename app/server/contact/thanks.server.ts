import { randomBytes } from 'node:crypto'
import { databaseWith, type Schema } from '../platform/db.server'

/**
 * The thank-you after a plain form post (form-post.server.ts): the redirect's URL carries a
 * random reference only (`?sent=<id>`), never the name. What the page shows (which block thanks
 * whom) is kept in the database for an hour under that reference: every worker and instance on
 * the database finds it, and nothing personal ever reaches a URL, a log line or analytics.
 */

export const thanksSchema: Schema = {
  name: 'contact-thanks',
  steps: [
    {
      sqlite: `CREATE TABLE IF NOT EXISTS contact_thanks (id TEXT PRIMARY KEY, block_id TEXT NOT NULL, first_name TEXT NOT NULL, expires_at INTEGER NOT NULL);
               CREATE INDEX IF NOT EXISTS contact_thanks_expires_at ON contact_thanks (expires_at)`,
      postgres: `CREATE TABLE IF NOT EXISTS contact_thanks (id TEXT PRIMARY KEY, block_id TEXT NOT NULL, first_name TEXT NOT NULL, expires_at BIGINT NOT NULL);
                 CREATE INDEX IF NOT EXISTS contact_thanks_expires_at ON contact_thanks (expires_at)`,
    },
  ],
}

/** How long the thank-you link shows the thank-you (then it is the plain page again, and the name is gone). */
export const thanksLifetimeMs = 60 * 60 * 1000

/** A reference: 128 random bits, base64url (nothing to guess, nothing to read). */
const referencePattern = /^[\w-]{22}$/

export interface Thanks {
  blockId: string
  firstName: string
}

/** Keeps a thank-you for `thanksLifetimeMs` and returns its reference; expired ones are deleted on the way. */
export async function rememberThanks({ blockId, firstName }: Thanks, now = Date.now()): Promise<string> {
  const sql = await databaseWith(thanksSchema)
  const id = randomBytes(16).toString('base64url')
  await sql.query('DELETE FROM contact_thanks WHERE expires_at < $1', [now])
  await sql.query('INSERT INTO contact_thanks (id, block_id, first_name, expires_at) VALUES ($1, $2, $3, $4)', [
    id,
    blockId,
    firstName,
    now + thanksLifetimeMs,
  ])
  return id
}

/** The thank-you a reference stands for while it lasts; undefined for anything else (never a database read for junk). */
export async function thanksOf(reference: string, now = Date.now()): Promise<Thanks | undefined> {
  if (!referencePattern.test(reference)) return undefined
  const sql = await databaseWith(thanksSchema)
  const [row] = await sql.query('SELECT block_id, first_name FROM contact_thanks WHERE id = $1 AND expires_at >= $2', [reference, now])
  return row && typeof row.block_id === 'string' && typeof row.first_name === 'string'
    ? { blockId: row.block_id, firstName: row.first_name }
    : undefined
}
