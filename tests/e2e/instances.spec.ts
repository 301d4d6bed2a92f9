import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { solvedCaptcha, submissionFields, submitContact } from '../../scripts/lib/contact-client.mjs'
import { serverEntry } from '../../scripts/lib/server.mjs'
import { servicesInstalled, startPostgres, startRedis, type Service } from '../support/services'
import { getOnNewConnection } from './server-process'

/**
 * Two instances, two workers each, sharing PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), as
 * an operator runs the site on several machines. Own servers on E2E_PORT+65 and +66; PostgreSQL
 * and Redis are throwaway servers from Debian's packages (.ci/run installs them).
 */
test.describe.configure({ mode: 'serial' })
test.skip(!servicesInstalled && !process.env.CI, 'PostgreSQL and Redis are not installed (CI installs them)')

const ports = [Number(process.env.E2E_PORT ?? 3210) + 65, Number(process.env.E2E_PORT ?? 3210) + 66] as const
const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string]
const purgeSecret = 'instances-purge-secret-0123456789'
let postgres: Service
let redis: Service
const servers = new Map<string, ChildProcess>()

const metricsToken = 'instances-metrics'

/** Pages in each worker's page cache of the instance at `base`. */
async function pageCacheEntries(base: string): Promise<number[]> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text()
  return [...text.matchAll(/^site_page_cache_entries(?:\{[^}]*\})? (\d+)/gm)].map((match) => Number(match[1]))
}

function startInstance(base: string): Promise<ChildProcess> {
  const port = new URL(base).port
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      CI: '',
      TEST: '',
      WEB_CONCURRENCY: '2',
      PORT: port,
      SITE_URL: base,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'site-instance-')),
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      CACHE_PURGE_SECRET: purgeSecret,
      METRICS_TOKEN: metricsToken,
      TRUST_PROXY: '1',
    },
    stdio: 'ignore',
    // Its own process group: a power cut takes the primary and its workers together.
    detached: true,
  })
  servers.set(base, child)
  return expect
    .poll(async () => (await getOnNewConnection(`${base}/readyz`).catch(() => undefined))?.status, { timeout: 30_000 })
    .toBe(200)
    .then(() => child)
}

async function storedSubmissions(): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: postgres.url })
  await client.connect()
  const { rows } = await client.query<{ key: string; n: string }>(
    'SELECT idempotency_key AS key, COUNT(*) AS n FROM submissions GROUP BY idempotency_key',
  )
  await client.end()
  return new Map(rows.map((row) => [row.key, Number(row.n)]))
}

test.beforeAll(async () => {
  test.setTimeout(90_000)
  ;[postgres, redis] = await Promise.all([startPostgres(), startRedis()])
  await Promise.all([startInstance(a), startInstance(b)])
})

test.afterAll(async () => {
  for (const child of servers.values()) {
    if (child.exitCode !== null || !child.pid) continue
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch (error) {
      // Gone already (the durability test kills an instance; its exit may not be reported yet).
      if (!(error instanceof Error && 'code' in error && error.code === 'ESRCH')) throw error
    }
  }
  await Promise.all([postgres?.stop(), redis?.stop()])
})

test('the contact rate limit holds across instances: the 6th submission from one address is 429', async () => {
  test.setTimeout(60_000)
  const statuses: number[] = []
  for (let n = 0; n < 6; n++) {
    const base = n % 2 === 0 ? a : b
    statuses.push((await submitContact(base, submissionFields(n, await solvedCaptcha(base)), { 'x-forwarded-for': '198.51.100.6' })).status)
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
})

test('a captcha solved through instance A is refused on instance B', async () => {
  const captcha = await solvedCaptcha(a)
  expect((await submitContact(a, submissionFields(100, captcha), { 'x-forwarded-for': '198.51.100.10' })).status).toBe(200)
  expect((await submitContact(b, submissionFields(101, captcha), { 'x-forwarded-for': '198.51.100.11' })).status).toBe(403)
})

test('submissions through both instances land in one table, a double send once', async () => {
  const fields = submissionFields(200, await solvedCaptcha(a))
  const again = { ...fields, captcha: await solvedCaptcha(b) }
  const [first, second] = await Promise.all([
    submitContact(a, fields, { 'x-forwarded-for': '198.51.100.20' }),
    submitContact(b, again, { 'x-forwarded-for': '198.51.100.21' }),
  ])
  expect([first.thanked, second.thanked]).toEqual([true, true])
  const other = submissionFields(201, await solvedCaptcha(b))
  expect((await submitContact(b, other, { 'x-forwarded-for': '198.51.100.22' })).thanked).toBe(true)
  const stored = await storedSubmissions()
  expect(stored.get(fields.idempotencyKey)).toBe(1)
  expect(stored.get(other.idempotencyKey)).toBe(1)
})

test('a plain form post (no JavaScript) to A, sent again to B, is stored once with its optional fields; A’s thank-you link works on B', async () => {
  const email = `plain-post-${Date.now()}@example.com`
  const body = new URLSearchParams({
    contactForm: 'contact-form',
    firstName: 'Zoë',
    surName: 'de Vries',
    email,
    phone: '+31 6 1234 5678',
    subject: 'sales',
    location: 'utrecht-dealer',
    message: 'Graag een proefrit.',
    altcha: await solvedCaptcha(a),
  }).toString()
  const post = (base: string) =>
    fetch(`${base}/contact`, {
      method: 'POST',
      redirect: 'manual',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, 'x-forwarded-for': '198.51.100.30' },
    })
  const first = await post(a)
  expect(first.status).toBe(303)
  expect((await post(b)).status).toBe(303)
  const client = new pg.Client({ connectionString: postgres.url })
  await client.connect()
  const { rows } = await client.query('SELECT phone, subject, location_id, location_name FROM submissions WHERE email = $1', [email])
  await client.end()
  expect(rows).toEqual([{ phone: '+31 6 1234 5678', subject: 'sales', location_id: 'utrecht-dealer', location_name: 'Horizon Utrecht' }])
  const thanks = await fetch(new URL(first.headers.get('location') ?? '', b))
  expect(thanks.headers.get('cache-control')).toBe('private, no-store')
  expect(await thanks.text()).toContain('Beste Zoë,')
})

test('a purge sent to instance A makes every worker of instance B render anew', async () => {
  for (let i = 0; i < 6; i++) await getOnNewConnection(`${b}/de`)
  expect((await Promise.all([getOnNewConnection(`${b}/de`), getOnNewConnection(`${b}/de`)])).map((r) => r.cache)).toEqual(['HIT', 'HIT'])
  expect((await fetch(`${a}/api/cache/purge`, { method: 'POST', headers: { Authorization: `Bearer ${purgeSecret}` } })).status).toBe(200)
  // The purge travels over Redis pub/sub: each worker of B has emptied its page cache once it heard it.
  await expect.poll(() => pageCacheEntries(b), { timeout: 20_000 }).toEqual([0, 0])
  expect([(await getOnNewConnection(`${b}/de`)).cache, (await getOnNewConnection(`${b}/de`)).cache]).toEqual(['MISS', 'MISS'])
})

test('SIGTERM to instance A under load: instance B answers every request', async () => {
  // Counts, not a time window: B is under load before A is asked to stop and until A has exited
  // and B has answered more, however long each takes on this machine.
  test.setTimeout(120_000)
  // What went wrong, per failed request (a status or an error), so a failure says which it was.
  const failedOnB: string[] = []
  let okOnB = 0
  let loading = true
  const started = Date.now()
  const load = Array.from({ length: 6 }, async () => {
    while (loading) {
      const response = await getOnNewConnection(`${b}/en`).catch((error: unknown) => String(error))
      if (typeof response !== 'string' && response.status === 200) okOnB++
      else failedOnB.push(`${Date.now() - started} ms: ${typeof response === 'string' ? response : `HTTP ${response.status}`}`)
    }
  })
  const instanceA = servers.get(a)
  const exited = new Promise<number | null>((resolve) => instanceA?.once('exit', (code) => resolve(code)))
  try {
    await expect.poll(() => okOnB, { timeout: 60_000 }).toBeGreaterThanOrEqual(25)
    instanceA?.kill('SIGTERM')
    expect(await exited).toBe(0)
    const okBefore = okOnB
    await expect.poll(() => okOnB - okBefore, { timeout: 60_000 }).toBeGreaterThanOrEqual(25)
  } finally {
    loading = false
    await Promise.all(load)
  }
  expect(failedOnB).toEqual([])
  // A again, for the next test.
  await startInstance(a)
})

test('durability on PostgreSQL: instance A loses power mid-run; every acknowledged submission is stored once', async () => {
  test.setTimeout(90_000)
  const total = 60
  const submissions: ReturnType<typeof submissionFields>[] = []
  for (let n = 0; n < total; n++) submissions.push(submissionFields(1_000 + n, await solvedCaptcha(n % 2 === 0 ? a : b)))
  const acknowledged = new Set<string>()
  let killed = false
  let next = 0
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < submissions.length) {
        const index = next++
        const fields = submissions[index]
        if (!fields) break
        if (!killed && acknowledged.size >= total / 3) {
          killed = true
          const instanceA = servers.get(a)
          if (instanceA?.pid) process.kill(-instanceA.pid, 'SIGKILL')
        }
        // Each visitor's own address: the rate limit is not what this measures.
        const headers = { 'x-forwarded-for': `198.51.100.${100 + (index % 100)}` }
        const result = await submitContact(index % 2 === 0 ? a : b, fields, headers).catch(() => undefined)
        if (result?.thanked) acknowledged.add(fields.idempotencyKey)
      }
    }),
  )
  expect(killed).toBe(true)
  const stored = await storedSubmissions()
  const lost = [...acknowledged].filter((key) => stored.get(key) !== 1)
  test.info().annotations.push({ type: 'durability', description: `${acknowledged.size} acknowledged, ${lost.length} lost or duplicated` })
  expect(lost).toEqual([])
  // B kept taking submissions after A was gone.
  expect(acknowledged.size).toBeGreaterThan(total / 2)
})

test('npm run submissions reads PostgreSQL and shows a dead notification', async () => {
  const client = new pg.Client({ connectionString: postgres.url })
  await client.connect()
  const { rows } = await client.query<{ id: string }>('SELECT id FROM submissions ORDER BY id LIMIT 1')
  await client.query(
    "INSERT INTO outbox (submission_id, next_attempt_at, attempts, dead_at, last_error) VALUES ($1, 0, 100, '2026-11-23T10:00:00Z', 'SMTP refused')",
    [rows[0]?.id],
  )
  const { count } = (await client.query<{ count: string }>('SELECT COUNT(*) AS count FROM submissions')).rows[0] ?? { count: '0' }
  await client.end()
  const { stdout } = await promisify(execFile)(process.execPath, ['--no-warnings', 'scripts/submissions.mjs'], {
    env: { ...process.env, DATABASE_URL: postgres.url },
  })
  expect(stdout).toContain('(DEAD after 100 attempts: SMTP refused)')
  expect(stdout).toContain(`${count} submission(s) in PostgreSQL (DATABASE_URL); 1 notification(s) DEAD: mail them by hand`)
})

test('with Redis gone: a purge says it reached only one worker, submissions go on, /readyz says degraded', async () => {
  test.setTimeout(30_000)
  await redis.stop()
  // (Instance A lost power in the durability test; B is the one left.)
  const purge = await fetch(`${b}/api/cache/purge`, { method: 'POST', headers: { Authorization: `Bearer ${purgeSecret}` } })
  expect(purge.status).toBe(503)
  expect(await purge.json()).toEqual({ error: 'Purged this worker only: the other workers and instances could not be reached; try again' })
  // The rate limit falls back to the database: the visitor's message is taken, not refused with a 503.
  const submission = await submitContact(b, submissionFields(3_000, await solvedCaptcha(b)), { 'x-forwarded-for': '198.51.100.250' })
  expect(submission.thanked).toBe(true)
  // Still ready (Redis is every instance's: all of them unready would serve nothing), and says why it is degraded.
  await expect
    .poll(async () => {
      const ready = await getOnNewConnection(`${b}/readyz`)
      return { status: ready.status, body: JSON.parse(ready.body) }
    })
    .toEqual({ status: 200, body: { status: 'degraded', checks: { database: 'ok', redis: 'degraded', cms: 'ok' } } })
})
