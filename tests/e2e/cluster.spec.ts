import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { solvedCaptcha, submissionFields, submitContact } from '../../scripts/lib/contact-client.mjs'
import { serverEntry } from '../../scripts/lib/server.mjs'
import { getOnNewConnection, workerPids } from './server-process'

/**
 * The production start as an operator runs it: a cluster primary with two workers on one port
 * (app/server/platform/cluster/primary.mjs). Own server on E2E_PORT+60, graceful shutdown on (as in
 * production: nitro turns it off when CI or TEST is set).
 */
test.describe.configure({ mode: 'serial' })

const port = Number(process.env.E2E_PORT ?? 3210) + 60
const base = `http://127.0.0.1:${port}`
const purgeSecret = 'cluster-purge-secret-0123456789'
let server: ChildProcess
let output = ''

function workers(): number[] {
  return workerPids(server.pid)
}

test.beforeAll(async () => {
  // An operator's own memory flag: it must win over the primary's default for the workers.
  server = spawn(process.execPath, ['--max-old-space-size=256', serverEntry], {
    env: {
      ...process.env,
      CI: '',
      TEST: '',
      WEB_CONCURRENCY: '2',
      PORT: String(port),
      SITE_URL: base,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'site-cluster-')),
      CACHE_PURGE_SECRET: purgeSecret,
      TRUST_PROXY: '1',
      // As an operator's environment usually is: the primary picks the workers' value.
      MALLOC_ARENA_MAX: undefined,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await expect.poll(async () => (await getOnNewConnection(`${base}/healthz`).catch(() => undefined))?.status, { timeout: 20_000 }).toBe(200)
  await expect.poll(() => output.match(/Worker #\d started/g)?.length ?? 0, { timeout: 30_000 }).toBe(2)
})

test.afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL')
})

test('two workers serve one port; a purge sent to one empties the page cache of both', async () => {
  expect(workers()).toHaveLength(2)
  // Fill both workers' caches: each gets a MISS, then HITs.
  for (let i = 0; i < 6; i++) await getOnNewConnection(`${base}/en`)
  expect((await Promise.all([getOnNewConnection(`${base}/en`), getOnNewConnection(`${base}/en`)])).map((r) => r.cache)).toEqual([
    'HIT',
    'HIT',
  ])
  const purge = await fetch(`${base}/api/cache/purge`, { method: 'POST', headers: { Authorization: `Bearer ${purgeSecret}` } })
  expect(purge.status).toBe(200)
  // Had only the worker that took the purge emptied its cache, one of these would be a HIT.
  const after = [await getOnNewConnection(`${base}/en`), await getOnNewConnection(`${base}/en`)]
  expect(after.map((r) => r.cache)).toEqual(['MISS', 'MISS'])
})

test('the contact rate limit holds across workers: the 6th submission from one address is 429', async () => {
  test.setTimeout(60_000)
  const statuses: number[] = []
  for (let n = 0; n < 6; n++) {
    const { status } = await submitContact(base, submissionFields(n, await solvedCaptcha(base)), { 'x-forwarded-for': '203.0.113.77' })
    statuses.push(status)
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
})

test('the workers run with two malloc arenas and the memory flags, an operator’s own flag winning (ADR 024)', () => {
  const read = (pid: number, file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0')
  expect(workers()).toHaveLength(2)
  for (const pid of workers()) {
    expect(read(pid, 'environ')).toContain('MALLOC_ARENA_MAX=2')
    const argv = read(pid, 'cmdline')
    expect(argv).toContain('--max-semi-space-size=4')
    expect(argv).toContain('--max-old-space-size=256')
    expect(argv).not.toContain('--max-old-space-size=192')
  }
})

test('an operator’s --max-heap-size replaces both memory flags (V8 refuses it together with either)', async () => {
  const heapPort = port + 1
  const group = spawn(process.execPath, ['--max-heap-size=300', serverEntry], {
    env: {
      ...process.env,
      WEB_CONCURRENCY: '1',
      PORT: String(heapPort),
      SITE_URL: `http://127.0.0.1:${heapPort}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'site-cluster-')),
    },
    stdio: 'ignore',
  })
  try {
    await expect
      .poll(async () => (await getOnNewConnection(`http://127.0.0.1:${heapPort}/healthz`).catch(() => undefined))?.status, {
        timeout: 20_000,
      })
      .toBe(200)
    const [worker] = workerPids(group.pid)
    const argv = readFileSync(`/proc/${worker}/cmdline`, 'utf8').split('\0')
    expect(argv).toContain('--max-heap-size=300')
    expect(argv.filter((arg) => /^--max-(old|semi)-space-size/.test(arg))).toEqual([])
  } finally {
    group.kill('SIGKILL')
  }
})

test('a bad WEB_CONCURRENCY or STOP_GRACE_SECONDS stops the start with a message naming it, as any bad setting does', () => {
  for (const value of ['two', '0', '-1', '2.5']) {
    const run = spawnSync(process.execPath, [serverEntry], {
      env: { ...process.env, WEB_CONCURRENCY: value, PORT: String(port + 2), DATA_DIR: mkdtempSync(join(tmpdir(), 'site-cluster-')) },
      encoding: 'utf8',
      timeout: 15_000,
    })
    expect(run.status, value).toBe(1)
    expect(run.stderr).toContain('WEB_CONCURRENCY must be a whole number')
  }
  const grace = spawnSync(process.execPath, [serverEntry], {
    env: { ...process.env, STOP_GRACE_SECONDS: '2s', PORT: String(port + 2), DATA_DIR: mkdtempSync(join(tmpdir(), 'site-cluster-')) },
    encoding: 'utf8',
    timeout: 15_000,
  })
  expect(grace.status).toBe(1)
  expect(grace.stderr).toContain('STOP_GRACE_SECONDS must be a whole number')
})

test('a worker killed with SIGKILL under load is replaced at once; only its requests in flight fail', async () => {
  // Counts, not a time window: the load runs until the replacement is back and answering, however
  // long a start takes on this machine (about a CPU-second: README, "Running several instances").
  test.setTimeout(120_000)
  const [victim] = workers()
  let ok = 0
  let failed = 0
  let loading = true
  const concurrency = 8
  const load = Array.from({ length: concurrency }, async () => {
    while (loading) {
      const response = await getOnNewConnection(`${base}/en`).catch(() => undefined)
      if (response?.status === 200) ok++
      else failed++
    }
  })
  try {
    await expect.poll(() => ok, { timeout: 60_000 }).toBeGreaterThanOrEqual(50)
    process.kill(victim ?? 0, 'SIGKILL')
    const back = () => /\[cluster\] worker \d is back \(pid \d+\) after (\d+) ms/.exec(output)
    await expect.poll(() => back() !== null, { timeout: 60_000 }).toBe(true)
    test.info().annotations.push({ type: 'worker back after', description: `${back()?.[1]} ms` })
    // And the group serves on with its two workers.
    const okBack = ok
    await expect.poll(() => ok - okBack, { timeout: 60_000 }).toBeGreaterThanOrEqual(50)
  } finally {
    loading = false
    await Promise.all(load)
  }
  test.info().annotations.push({ type: 'worker kill', description: `${ok} answered, ${failed} failed` })
  // At most the requests that worker had in flight (one per load connection).
  expect(failed).toBeLessThanOrEqual(concurrency)
  // At once: a worker that had run for a while is replaced without the delay a crash loop gets.
  expect(output).toMatch(/\[cluster\] worker \d \(pid \d+\) died \(signal SIGKILL\); starting a new one\n/)
  expect(workers()).toHaveLength(2)
  expect(workers()).not.toContain(victim)
})

test('SIGTERM stops the whole group within 10 s, exit code 0', async () => {
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
  const children = workers()
  const stopAskedAt = Date.now()
  server.kill('SIGTERM')
  expect(await exited).toBe(0)
  expect(Date.now() - stopAskedAt).toBeLessThan(10_000)
  for (const pid of children) expect(() => process.kill(pid, 0)).toThrow()
})
