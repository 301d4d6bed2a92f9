import { describe, expect, it } from 'vitest'
import { fallingBackRateLimiter, type RateLimiter } from './rate-limit.server'

/** A limiter that answers `allowed`, or throws as Redis does while it is away. */
function limiter(answer: () => boolean): RateLimiter & { keys: string[] } {
  const keys: string[] = []
  return {
    keys,
    async consume(key) {
      keys.push(key)
      return answer()
    },
  }
}

describe('the contact rate limit while Redis is away', () => {
  it("asks the database's limit only while Redis fails, and follows either's answer", async () => {
    let redisUp = true
    const redis = limiter(() => {
      if (!redisUp) throw new Error('Redis rate limit failed: Connection is closed.')
      return false
    })
    const database = limiter(() => true)
    const limit = fallingBackRateLimiter(redis, database)
    expect(await limit.consume('a')).toBe(false)
    redisUp = false
    expect(await limit.consume('b')).toBe(true)
    expect(database.keys).toEqual(['b'])
    redisUp = true
    expect(await limit.consume('c')).toBe(false)
    expect(database.keys).toEqual(['b'])
  })
})
