import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { getRuntimeConfig } from './env.server'
import { logger } from './logger.server'

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
  // Every write is already on disk (synchronous=FULL); closing at exit also folds the WAL
  // back into the database file when the process ends without a graceful shutdown.
  process.once('exit', closeDatabase)
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS readiness (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      checked_at INTEGER NOT NULL
    );
  `)
  return db
}

const created = new WeakMap<DatabaseSync, Set<string>>()

/**
 * The database with a store's own tables (CREATE … IF NOT EXISTS, run once per connection):
 * each store declares its tables next to its queries.
 */
export function databaseWith(tables: string): DatabaseSync {
  const db = database()
  let done = created.get(db)
  if (!done) created.set(db, (done = new Set()))
  if (!done.has(tables)) {
    db.exec(tables)
    done.add(tables)
  }
  return db
}

/** Whether a write reaches the database now (a full disk, a read-only mount, a removed file fail here). */
export function databaseWritable(): boolean {
  try {
    database().prepare('INSERT OR REPLACE INTO readiness (id, checked_at) VALUES (1, ?)').run(Date.now())
    return true
  } catch (error) {
    logger.error({ err: error }, '[readyz] database not writable')
    return false
  }
}

/** Flushes and closes the database (graceful shutdown). */
export function closeDatabase(): void {
  db?.close()
  db = undefined
}
