import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject, vi } from 'vitest'

/**
 * The stores' tests run on SQLite (the default) and PostgreSQL (DATABASE_URL). The run's
 * PostgreSQL server is vitest-postgres-setup.ts's; without it the PostgreSQL half is skipped.
 */
export type Engine = 'sqlite' | 'postgres'

const postgresUrl = inject('postgresUrl')
let databases = 0

/** Whether a test on this engine can run here. */
export function engineAvailable(engine: Engine): boolean {
  return engine === 'sqlite' || postgresUrl !== ''
}

/**
 * A fresh, empty database of the engine, set in this process's environment (vi.stubEnv: undone
 * by vi.unstubAllEnvs); returns that environment, for a script run as a child process.
 */
export async function freshDatabase(engine: Engine, prefix: string): Promise<Record<string, string>> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `${prefix}-`))
    vi.stubEnv('DATA_DIR', dir)
    return { DATA_DIR: dir, DATABASE_URL: '' }
  }
  if (postgresUrl === '') throw new Error('no PostgreSQL')
  const name = `${prefix}_${process.pid}_${++databases}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = postgresUrl.replace(/\/postgres$/, `/${name}`)
  vi.stubEnv('DATABASE_URL', url)
  return { DATABASE_URL: url }
}
