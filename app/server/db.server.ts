import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { getRuntimeConfig } from './env.server'

/**
 * The one SQLite database (node:sqlite, no native addon to build): WAL for
 * concurrent readers, synchronous=FULL so a write is on disk before we answer.
 * See docs/decisions/007-contact-submissions-in-sqlite.md.
 */
let db: DatabaseSync | undefined

export function database(): DatabaseSync {
  if (db) return db
  const dir = resolve(process.cwd(), getRuntimeConfig().DATA_DIR)
  mkdirSync(dir, { recursive: true })
  db = new DatabaseSync(join(dir, 'site.sqlite'))
  // Every write is already on disk (synchronous=FULL); closing at exit also folds the
  // WAL back into the database file. On exit, because nitro's bundle (start-up) and the
  // app's bundle each get their own copy of this module, so two connections must close.
  process.once('exit', closeDatabase)
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS submissions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      idempotency_key TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL,
      locale TEXT NOT NULL,
      first_name TEXT NOT NULL,
      sur_name TEXT NOT NULL,
      email TEXT NOT NULL,
      message TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS outbox (
      submission_id INTEGER PRIMARY KEY REFERENCES submissions(id),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      last_error TEXT,
      sent_at TEXT
    );
    CREATE TABLE IF NOT EXISTS captcha_used (
      id TEXT PRIMARY KEY,
      expires_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS readiness (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      checked_at INTEGER NOT NULL
    );
  `)
  return db
}

/** Whether a write reaches the database now (a full disk, a read-only mount, a removed file fail here). */
export function databaseWritable(): boolean {
  try {
    database().prepare('INSERT OR REPLACE INTO readiness (id, checked_at) VALUES (1, ?)').run(Date.now())
    return true
  } catch (error) {
    console.error('[readyz] database not writable', error)
    return false
  }
}

/** Flushes and closes the database (graceful shutdown). */
export function closeDatabase(): void {
  db?.close()
  db = undefined
}
