import { describe, expect, it } from 'vitest'
import { enableWal } from './db.server'

/** A connection whose first `busyTimes` statements fail as SQLite's do when another process wins a lock race. */
function connection(busyTimes: number, message = 'database is locked') {
  const statements: string[] = []
  let failures = 0
  return {
    statements,
    exec(sql: string) {
      statements.push(sql)
      if (failures < busyTimes) {
        failures++
        throw new Error(message)
      }
    },
  }
}

describe('switching SQLite to WAL at start-up', () => {
  it('tries again when another worker holds the new database', () => {
    const db = connection(3)
    enableWal(db)
    expect(db.statements).toEqual(Array(4).fill('PRAGMA journal_mode = WAL'))
  })

  it('gives up with the error once the wait is over', () => {
    const db = connection(Number.POSITIVE_INFINITY)
    expect(() => enableWal(db, 100)).toThrow('database is locked')
    expect(db.statements.length).toBeGreaterThan(1)
  })

  it('does not retry other errors', () => {
    const db = connection(1, 'disk I/O error')
    expect(() => enableWal(db)).toThrow('disk I/O error')
    expect(db.statements).toHaveLength(1)
  })
})
