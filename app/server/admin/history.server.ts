import { databaseWith, type Schema } from '../platform/db.server'
import { logger } from '../platform/logger.server'

/**
 * The published versions of every entry (ADR 106), in the site's one database (SQLite in
 * DATA_DIR or PostgreSQL), which every worker and instance already shares: each publish (a save
 * that goes live), restore and delete of an entry's file, with who, when, the whole text after
 * (null for a delete) and the fields that changed. Written in the save's own step, after its
 * files are written; a failure here is logged, never the save's (it is live already). Kept
 * until deleted by an operator: the backup of the history is the database's.
 *
 * The first time an entry changes through the admin, the text it had before is kept too (as
 * an "earlier" version, with no author): the version from before the history began can be seen
 * and restored like any other.
 */
export const historySchema: Schema = {
  name: 'admin-history',
  steps: [
    {
      sqlite: `CREATE TABLE IF NOT EXISTS admin_history (
                 id INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT NOT NULL, at TEXT NOT NULL, action TEXT NOT NULL,
                 author TEXT, email TEXT, changed TEXT NOT NULL, text TEXT);
               CREATE INDEX IF NOT EXISTS admin_history_path ON admin_history (path, id)`,
      postgres: `CREATE TABLE IF NOT EXISTS admin_history (
                   id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, path TEXT NOT NULL, at TEXT NOT NULL, action TEXT NOT NULL,
                   author TEXT, email TEXT, changed TEXT NOT NULL, text TEXT);
                 CREATE INDEX IF NOT EXISTS admin_history_path ON admin_history (path, id)`,
    },
  ],
}

export type HistoryAction = 'publish' | 'restore' | 'delete' | 'earlier'

/** Who made a change: the signed-in editor (CMS_ADMIN=site), or undefined for the local admin's one editor on this machine. */
export interface Author {
  name: string
  email: string | undefined
}

/** How the save is recorded: by whom, and as what (a restore, else a publish or delete by the change itself). */
export interface HistoryNote {
  author: Author | undefined
  restore?: boolean
}

/** An entry file as the save found it and left it (undefined: no file). */
export interface FileChange {
  path: string
  before: string | undefined
  after: string | undefined
}

/** A version as the history lists it (its text only when asked for one). */
export interface HistoryVersion {
  id: number
  path: string
  at: string
  action: HistoryAction
  author: string | null
  email: string | null
  changed: string[]
}

export interface StoredVersion extends HistoryVersion {
  text: string | null
}

/** The changed fields' paths (computed in the embedded CMS, which parses content); none when a text does not parse. */
async function changedOf(change: FileChange): Promise<string[]> {
  const { changedFields } = await import('../../embedded-cms/index.server')
  try {
    return changedFields(change.path, change.before, change.after)
  } catch (error) {
    logger.warn({ err: error, path: change.path }, '[admin] the changed fields of a version could not be read')
    return []
  }
}

/**
 * Records the entry files a save, publish, restore or delete changed (unchanged ones are left
 * out), in one transaction. Never throws: the change is written already, and a history that
 * failed must not turn a done save into an error (it is logged).
 */
export async function recordChanges(changes: FileChange[], note: HistoryNote, now: Date = new Date()): Promise<void> {
  const real = changes.filter((change) => change.before !== change.after)
  if (real.length === 0) return
  try {
    const rows = await Promise.all(real.map(async (change) => ({ change, changed: await changedOf(change) })))
    const sql = await databaseWith(historySchema)
    const at = now.toISOString()
    await sql.transaction(async (tx) => {
      for (const { change, changed } of rows) {
        const insert = (action: HistoryAction, author: Author | undefined, fields: string[], text: string | undefined) =>
          tx.query('INSERT INTO admin_history (path, at, action, author, email, changed, text) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
            change.path,
            at,
            action,
            author?.name ?? null,
            author?.email ?? null,
            JSON.stringify(fields),
            text ?? null,
          ])
        if (change.before !== undefined) {
          const known = await tx.query('SELECT id FROM admin_history WHERE path = $1 LIMIT 1', [change.path])
          if (known.length === 0) await insert('earlier', undefined, [], change.before)
        }
        const action: HistoryAction = change.after === undefined ? 'delete' : note.restore ? 'restore' : 'publish'
        await insert(action, note.author, changed, change.after)
      }
    })
  } catch (error) {
    logger.error({ err: error, files: real.map((change) => change.path) }, '[admin] history not recorded')
  }
}

const listed = (row: Record<string, unknown>): HistoryVersion => {
  let changed: unknown
  try {
    changed = JSON.parse(String(row.changed))
  } catch {
    changed = []
  }
  const action = String(row.action)
  return {
    id: Number(row.id),
    path: String(row.path),
    at: String(row.at),
    action: action === 'restore' || action === 'delete' || action === 'earlier' ? action : 'publish',
    author: typeof row.author === 'string' ? row.author : null,
    email: typeof row.email === 'string' ? row.email : null,
    changed: Array.isArray(changed) ? changed.filter((field) => typeof field === 'string') : [],
  }
}

/** An entry's versions, newest first (at most `limit`). */
export async function entryHistory(path: string, limit = 200): Promise<HistoryVersion[]> {
  const sql = await databaseWith(historySchema)
  const rows = await sql.query(
    'SELECT id, path, at, action, author, email, changed FROM admin_history WHERE path = $1 ORDER BY id DESC LIMIT $2',
    [path, limit],
  )
  return rows.map(listed)
}

/** One version with its text, or undefined when there is no such version. */
export async function storedVersion(id: number): Promise<StoredVersion | undefined> {
  const sql = await databaseWith(historySchema)
  const [row] = await sql.query('SELECT id, path, at, action, author, email, changed, text FROM admin_history WHERE id = $1', [id])
  if (!row) return undefined
  return { ...listed(row), text: typeof row.text === 'string' ? row.text : null }
}
