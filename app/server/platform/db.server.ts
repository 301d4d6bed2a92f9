import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { Pool, PoolClient } from 'pg'
import { getRuntimeConfig } from './env.server'
import { logger } from './logger.server'
import { retryingLoad } from './retrying-load'

/**
 * The site's one database: SQLite in DATA_DIR by default (node:sqlite, nothing to install), or
 * PostgreSQL when DATABASE_URL is set (several machines share submissions, the mail outbox and
 * the captcha replay store). Stores write one SQL for both: `$1, $2…` parameters, ON CONFLICT,
 * RETURNING; where the engines differ (row locks) a store asks `dialect`.
 * See docs/decisions/007-contact-submissions-in-sqlite.md and 012-scale-stateless-instances.md.
 */
export type SqlValue = string | number | null
export type SqlRow = Record<string, unknown>

export interface Sql {
  readonly dialect: 'sqlite' | 'postgres'
  query(text: string, params?: ReadonlyArray<SqlValue>): Promise<SqlRow[]>
  /** Runs `work` in one transaction that takes the write lock first (no two writers interleave). */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** How long start-up waits for another process that holds the database while switching it to WAL. */
const walSwitchWaitMs = 5_000

/**
 * Switches the file to WAL (it stays so: a no-op once done). On a new database, workers starting
 * together race for this switch; each holds a read lock and wants the exclusive one, and SQLite
 * answers the loser "database is locked" at once instead of waiting its busy timeout (waiting
 * would deadlock). Seen on a loaded two-worker start. So the switch is tried again for a while;
 * start-up only, so a blocking pause between tries is fine.
 */
export function enableWal(db: Pick<DatabaseSync, 'exec'>, waitMs = walSwitchWaitMs): void {
  const deadline = Date.now() + waitMs
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      db.exec('PRAGMA journal_mode = WAL')
      return
    } catch (error) {
      const busy = error instanceof Error && /database is locked|SQLITE_BUSY/i.test(error.message)
      if (!busy || Date.now() >= deadline) throw error
      Atomics.wait(pause, 0, 0, 20)
    }
  }
}

/**
 * SQLite: WAL for concurrent readers (the cluster's workers share the file), synchronous=FULL so
 * a write is on disk before we answer. One connection per process; its statements run one at a
 * time through a queue, so a transaction's statements never mix with another request's.
 */
function sqliteDatabase(file: string): Sql {
  const db = new DatabaseSync(file, { timeout: 5_000 })
  enableWal(db)
  db.exec('PRAGMA synchronous = FULL')
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(work: () => Promise<T> | T): Promise<T> => {
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }
  // node:sqlite numbers parameters ?1, ?2…; the stores write $1, $2… as PostgreSQL does.
  const run = (text: string, params: ReadonlyArray<SqlValue>) => db.prepare(text.replace(/\$(\d+)/g, '?$1')).all(...params)
  const inTransaction: Sql = {
    dialect: 'sqlite',
    query: async (text, params = []) => run(text, params),
    transaction: (work) => work(inTransaction),
    close: async () => undefined,
  }
  let open = true
  // Closing folds the write-ahead log back into the file, also when the process ends without
  // a graceful shutdown.
  const close = () => {
    if (open) db.close()
    open = false
  }
  process.once('exit', close)
  return {
    dialect: 'sqlite',
    query: (text, params = []) => serially(() => run(text, params)),
    transaction: (work) =>
      serially(async () => {
        db.exec('BEGIN IMMEDIATE')
        try {
          const result = await work(inTransaction)
          db.exec('COMMIT')
          return result
        } catch (error) {
          // SQLite may have rolled back already (a full disk, an I/O error): keep the real error.
          if (db.isTransaction) db.exec('ROLLBACK')
          throw error
        }
      }),
    close: async () => {
      await queue
      close()
    },
  }
}

/** PostgreSQL through a small pool (pg); a transaction holds one connection. */
function postgresDatabase(url: string): Sql {
  // Loaded with the first database use: a site on SQLite never carries pg in memory.
  // A failed load is tried again by the next query.
  const loading = retryingLoad(() =>
    import('pg').then(({ default: pg }) => {
      // Every wait is bounded, so a hanging database answers a visitor with 503 instead of never:
      // the server cancels a statement after 5 s, the client gives up on a silent socket after 6 s.
      const created = new pg.Pool({
        connectionString: url,
        max: 5,
        connectionTimeoutMillis: 5_000,
        statement_timeout: 5_000,
        query_timeout: 6_000,
      })
      // An idle connection the server dropped must not crash the process; the next query reconnects.
      created.on('error', (error) => logger.error({ err: error }, '[db] idle PostgreSQL connection failed'))
      return created
    }),
  )
  const pool = (): Promise<Pool> => loading.get()
  const on = (client: Pool | PoolClient): Pick<Sql, 'query'> => ({
    query: async (text, params = []) => (await client.query<SqlRow>(text, [...params])).rows,
  })
  return {
    dialect: 'postgres',
    query: async (text, params) => on(await pool()).query(text, params),
    transaction: async (work) => {
      const client = await (await pool()).connect()
      const tx: Sql = { dialect: 'postgres', ...on(client), transaction: (inner) => inner(tx), close: async () => undefined }
      try {
        await client.query('BEGIN')
        const result = await work(tx)
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: async () => (await loading.current()?.catch(() => undefined))?.end(),
  }
}

let db: Sql | undefined

export function database(): Sql {
  if (db) return db
  const { DATABASE_URL, DATA_DIR } = getRuntimeConfig()
  if (DATABASE_URL) {
    db = postgresDatabase(DATABASE_URL)
  } else {
    const dir = resolve(process.cwd(), DATA_DIR)
    mkdirSync(dir, { recursive: true })
    db = sqliteDatabase(join(dir, 'site.sqlite'))
  }
  return db
}

/** A store's schema: numbered steps, each for both engines; a step runs once, in order. */
export interface Schema {
  name: string
  steps: ReadonlyArray<{ sqlite: string; postgres: string }>
}

const migrated = new WeakMap<Sql, Map<string, Promise<void>>>()

/**
 * The database with `schema` brought up to date (at start-up, and on a store's first use in
 * tests). Instances starting together take turns: SQLite's write lock, a PostgreSQL advisory lock.
 */
export function databaseWith(schema: Schema): Promise<Sql> {
  const sql = database()
  let done = migrated.get(sql)
  if (!done) migrated.set(sql, (done = new Map()))
  let migration = done.get(schema.name)
  if (!migration) {
    migration = migrate(sql, schema)
    // A failed migration is tried again on the next use rather than remembered as done.
    migration.catch(() => done.delete(schema.name))
    done.set(schema.name, migration)
  }
  return migration.then(() => sql)
}

async function migrate(sql: Sql, schema: Schema): Promise<void> {
  await sql.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['site-schema'])
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (store TEXT NOT NULL, step INTEGER NOT NULL, PRIMARY KEY (store, step))')
    const applied = new Set(
      (await tx.query('SELECT step FROM schema_migrations WHERE store = $1', [schema.name])).map((row) => Number(row.step)),
    )
    for (const [index, step] of schema.steps.entries()) {
      if (applied.has(index + 1)) continue
      // Statements one by one: PostgreSQL's extended protocol takes one per call.
      for (const statement of (tx.dialect === 'postgres' ? step.postgres : step.sqlite)
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean)) {
        await tx.query(statement)
      }
      await tx.query('INSERT INTO schema_migrations (store, step) VALUES ($1, $2)', [schema.name, index + 1])
    }
  })
}

const readinessSchema: Schema = {
  name: 'readiness',
  steps: [
    {
      sqlite: 'CREATE TABLE IF NOT EXISTS readiness (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL)',
      postgres: 'CREATE TABLE IF NOT EXISTS readiness (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at BIGINT NOT NULL)',
    },
  ],
}

/** Whether a write reaches the database now (a full disk, a read-only mount, a removed file, a lost server fail here). */
export async function databaseWritable(): Promise<boolean> {
  try {
    const sql = await databaseWith(readinessSchema)
    await sql.query(
      'INSERT INTO readiness (id, checked_at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at',
      [Date.now()],
    )
    return true
  } catch (error) {
    logger.error({ err: error }, '[readyz] database not writable')
    return false
  }
}

/** Flushes and closes the database (graceful shutdown). */
export async function closeDatabase(): Promise<void> {
  const open = db
  db = undefined
  await open?.close()
}
