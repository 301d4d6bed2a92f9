import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'

vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'rate-limit-')))
const { sqliteRateLimiter } = await import('./rate-limit.server')
const { closeDatabase } = await import('../db.server')
afterAll(() => closeDatabase())

describe('contact rate limit (SQLite)', () => {
  it('allows max hits per key in the window, then refuses until the oldest expires', async () => {
    let time = 1_000_000
    const limiter = sqliteRateLimiter(3, 60_000, () => time)
    const results = []
    for (let i = 0; i < 4; i++) results.push(await limiter.consume('1.2.3.4'))
    expect(results).toEqual([true, true, true, false])
    // Another visitor has a limit of its own.
    expect(await limiter.consume('5.6.7.8')).toBe(true)
    time += 60_001
    expect(await limiter.consume('1.2.3.4')).toBe(true)
  })

  it('is shared by every limiter on the same database (as by worker processes)', async () => {
    const time = 2_000_000
    const a = sqliteRateLimiter(2, 60_000, () => time)
    const b = sqliteRateLimiter(2, 60_000, () => time)
    expect([await a.consume('k'), await b.consume('k'), await a.consume('k'), await b.consume('k')]).toEqual([true, true, false, false])
  })
})
