import type { Redis } from 'ioredis'
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { databaseWith, type Schema } from '../platform/db.server'

/** At most `max` hits per key within the window; `consume` records a hit, false when over. */
export interface RateLimiter {
  consume(key: string): Promise<boolean>
}

export const rateSchema: Schema = {
  name: 'contact-rate',
  steps: [
    {
      sqlite: `CREATE TABLE IF NOT EXISTS contact_rate (key TEXT NOT NULL, at INTEGER NOT NULL);
               CREATE INDEX IF NOT EXISTS contact_rate_key_at ON contact_rate (key, at)`,
      postgres: `CREATE TABLE IF NOT EXISTS contact_rate (key TEXT NOT NULL, at BIGINT NOT NULL);
                 CREATE INDEX IF NOT EXISTS contact_rate_key_at ON contact_rate (key, at)`,
    },
    {
      // The clean-up of expired hits (every key) uses it instead of scanning the table.
      sqlite: 'CREATE INDEX IF NOT EXISTS contact_rate_at ON contact_rate (at)',
      postgres: 'CREATE INDEX IF NOT EXISTS contact_rate_at ON contact_rate (at)',
    },
  ],
}

/**
 * A sliding-window limit in the site's database: every worker (and, on PostgreSQL, every
 * instance) shares it, so running more of them does not hand out more submissions.
 */
export function databaseRateLimiter(max: number, windowMs: number, now: () => number = Date.now): RateLimiter {
  return {
    async consume(key) {
      const sql = await databaseWith(rateSchema)
      const time = now()
      return sql.transaction(async (tx) => {
        // Two requests for one key take turns (SQLite's transaction holds the write lock already):
        // neither can count 4 and insert while the other does the same.
        if (tx.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`contact-rate:${key}`])
        // Expired hits of every key go: the table holds one window of traffic at most.
        await tx.query('DELETE FROM contact_rate WHERE at <= $1', [time - windowMs])
        const [row] = await tx.query('SELECT COUNT(*) AS hits FROM contact_rate WHERE key = $1', [key])
        if (Number(row?.hits ?? 0) >= max) return false
        await tx.query('INSERT INTO contact_rate (key, at) VALUES ($1, $2)', [key, time])
        return true
      })
    },
  }
}

/** A fixed-window limit in Redis/Valkey (rate-limiter-flexible), shared by every instance. */
export function redisRateLimiter(client: Redis, max: number, windowMs: number): RateLimiter {
  const limiter = new RateLimiterRedis({
    storeClient: client,
    keyPrefix: 'site:contact-rate',
    points: max,
    duration: Math.ceil(windowMs / 1000),
  })
  return {
    async consume(key) {
      try {
        await limiter.consume(key)
        return true
      } catch (rejection) {
        // The library rejects with a RateLimiterRes when the key is over its limit, with an Error when Redis fails.
        if (rejection instanceof RateLimiterRes) return false
        // A new error with the message only: ioredis errors carry the failed command's
        // arguments (an AUTH password) on to logs and Sentry.
        throw new Error(`Redis rate limit failed: ${rejection instanceof Error ? rejection.message : String(rejection)}`)
      }
    },
  }
}

/**
 * `first` while it answers, `fallback` while it throws: with Redis away the contact form keeps
 * its limit in the database (shared by this instance's workers, or by every instance on
 * PostgreSQL) instead of refusing every visitor. The Redis connection logs the outage once.
 */
export function fallingBackRateLimiter(first: RateLimiter, fallback: RateLimiter): RateLimiter {
  return {
    async consume(key) {
      try {
        return await first.consume(key)
      } catch {
        return fallback.consume(key)
      }
    },
  }
}
