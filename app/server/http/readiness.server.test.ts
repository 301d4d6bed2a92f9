import { beforeEach, describe, expect, it, vi } from 'vitest'

// Each dependency as the test sets it.
const state = vi.hoisted(() => ({
  remote: false,
  databaseWritable: true,
  redis: 'off' as 'off' | 'ok' | 'down',
  circuit: 'closed' as 'closed' | 'open' | 'half-open',
  embeddedLoaded: true,
}))
vi.mock('../platform/env.server', () => ({
  getRuntimeConfig: () => ({ CMS_GRAPHQL_URL: state.remote ? 'https://cms.example/graphql' : undefined }),
}))
vi.mock('../platform/db.server', () => ({ databaseWritable: async () => state.databaseWritable }))
vi.mock('../platform/redis.server', () => ({ redisHealth: () => state.redis }))
vi.mock('../cms-client/client.server', () => ({
  cmsCircuit: () => ({ state: state.circuit }),
  embeddedCmsLoaded: () => state.embeddedLoaded,
}))

const { readiness } = await import('./readiness.server')

vi.useFakeTimers({ toFake: ['Date'] })
beforeEach(() => {
  // Past the database check's few seconds of memory: each test's database is asked anew.
  vi.setSystemTime(Date.now() + 10_000)
  Object.assign(state, { remote: false, databaseWritable: true, redis: 'off', circuit: 'closed', embeddedLoaded: true })
})

describe('/readyz: each dependency by name, unready only for what stops the instance', () => {
  it('is ready with every dependency there, and names Redis "off" when none is configured', async () => {
    expect(await readiness()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'off', cms: 'ok' } })
  })

  it('stays ready, degraded, while Redis is down (rate limits in the database, purges wait)', async () => {
    state.redis = 'down'
    expect(await readiness()).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'degraded', cms: 'ok' } })
  })

  it('is not ready while the database cannot be written (contact messages would be refused)', async () => {
    state.databaseWritable = false
    state.redis = 'ok'
    expect(await readiness()).toEqual({ status: 'not ready', checks: { database: 'failing', redis: 'ok', cms: 'ok' } })
  })

  it('is not ready while the embedded CMS has not loaded its content', async () => {
    state.embeddedLoaded = false
    expect(await readiness()).toMatchObject({ status: 'not ready', checks: { cms: 'failing' } })
  })

  it("follows a remote CMS's circuit: open is not ready, half open degraded", async () => {
    state.remote = true
    state.embeddedLoaded = false
    expect(await readiness()).toMatchObject({ status: 'ready', checks: { cms: 'ok' } })
    state.circuit = 'half-open'
    expect(await readiness()).toMatchObject({ status: 'degraded', checks: { cms: 'degraded' } })
    state.circuit = 'open'
    expect(await readiness()).toMatchObject({ status: 'not ready', checks: { cms: 'failing' } })
  })
})
