import { afterAll, expect, it, vi } from 'vitest'
import { freePort, servicesInstalled, startRedis, type Service } from '../../../tests/support/services'

// What the worker logs, as level and message.
const lines = vi.hoisted((): string[] => [])
vi.mock('./logger.server', () => {
  const note = (level: string) => (first: unknown, second?: unknown) => lines.push(`${level} ${String(second ?? first)}`)
  return { logger: { error: note('error'), warn: note('warn'), info: note('info'), debug: () => undefined } }
})

let server: Service | undefined
afterAll(async () => {
  const { closeRedis } = await import('./redis.server')
  await closeRedis()
  await server?.stop()
})

// A real Redis, stopped and started again on its port: ioredis retries every few hundred
// milliseconds on both of the worker's connections, with an 'error' event per failed try.
it.skipIf(!servicesInstalled && !process.env.CI)(
  'logs Redis going away and coming back once each, not per retry or connection',
  async () => {
    const port = await freePort()
    server = await startRedis(port)
    vi.stubEnv('REDIS_URL', server.url)
    const { redisClient, redisHealth, subscribe } = await import('./redis.server')
    const client = await redisClient()
    expect(await client?.ping()).toBe('PONG')
    expect(await subscribe('site:test', () => undefined)).toBe(true)
    expect(redisHealth()).toBe('ok')

    await server.stop()
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0), { timeout: 5_000 })
    // Long enough for several retries of each connection (50, 100, 150 … ms apart).
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect(lines).toEqual([expect.stringMatching(/^error \[redis\] connection lost/)])
    expect(redisHealth()).toBe('down')

    server = await startRedis(port)
    await vi.waitFor(() => expect(redisHealth()).toBe('ok'), { timeout: 10_000 })
    expect(await client?.ping()).toBe('PONG')
    expect(lines).toEqual([expect.stringMatching(/^error \[redis\] connection lost/), 'info [redis] connected again'])
  },
  30_000,
)
