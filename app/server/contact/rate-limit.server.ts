import { databaseWith } from '../db.server'

/** At most `max` hits per key within the window; `consume` records a hit, false when over. */
export interface RateLimiter {
  consume(key: string): Promise<boolean>
}

const rateTables = `
  CREATE TABLE IF NOT EXISTS contact_rate (key TEXT NOT NULL, at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS contact_rate_key_at ON contact_rate (key, at);
`

/**
 * A sliding-window limit in the site's SQLite database: every worker process on this machine
 * shares it, so running more workers does not hand out more submissions. (Several machines
 * share a Redis-backed limit instead, when REDIS_URL is set.)
 */
export function sqliteRateLimiter(max: number, windowMs: number, now: () => number = Date.now): RateLimiter {
  return {
    async consume(key) {
      const db = databaseWith(rateTables)
      const time = now()
      // IMMEDIATE takes the write lock first: two workers cannot both count 4 and both insert.
      db.exec('BEGIN IMMEDIATE')
      try {
        // Expired hits of every key go: the table holds one window of traffic at most.
        db.prepare('DELETE FROM contact_rate WHERE at <= ?').run(time - windowMs)
        const count = Number(db.prepare('SELECT COUNT(*) AS hits FROM contact_rate WHERE key = ?').get(key)?.hits ?? 0)
        const allowed = count < max
        if (allowed) db.prepare('INSERT INTO contact_rate (key, at) VALUES (?, ?)').run(key, time)
        db.exec('COMMIT')
        return allowed
      } catch (error) {
        db.exec('ROLLBACK')
        throw error
      }
    },
  }
}
