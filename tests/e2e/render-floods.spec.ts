import { execFile, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { startServer, stopServer, workerPids } from './server-process'

/**
 * Requests that cost a render each, sent by one client, must not make the
 * site slow for anyone else. A missing page is answered from the 404 template whatever its query
 * or characters, a made-up auth cookie does not turn a cached page into a render, nor does a
 * query parameter the page does not read (app/server/pages/page-query.server.ts), and one client
 * flooding renders gets 429 while another's cached page is not held up behind it (server function calls:
 * app/server/pages/function-slots.test.ts).
 * Own server (E2E_PORT+115), trusting loopback's X-Forwarded-For so two clients can be told apart.
 */
test.describe.configure({ mode: 'serial' })

const port = Number(process.env.E2E_PORT ?? 3210) + 115
const site = `http://127.0.0.1:${port}`
const token = 'render-floods-e2e-token-0123'
let server: ChildProcess | undefined
let output = ''

test.beforeAll(async () => {
  server = await startServer(
    port,
    {
      METRICS_TOKEN: token,
      TRUST_PROXY: 'loopback',
      // Two workers whatever the machine: the 404 test allows one template per shape per worker.
      WEB_CONCURRENCY: '2',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'site-render-floods-')),
      // Render counts must not move when a cached page or 404 template expires, however long the tests take.
      PAGE_CACHE_TTL: '3600',
    },
    { onOutput: (text) => (output += text) },
  )
})

test.afterAll(async () => {
  if (server) await stopServer(server)
})

/** Page renders so far, of every worker (each labels its series with its own `worker`). */
async function renders(): Promise<number> {
  const text = await (await fetch(`${site}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).text()
  const counts = [...text.matchAll(/^site_page_render_duration_seconds_count(?:\{[^}]*\})? (\d+)$/gm)].map((match) => Number(match[1]))
  // None yet: NaN, which no assertion takes for a count.
  return counts.length ? counts.reduce((sum, count) => sum + count, 0) : Number.NaN
}

/** The access-log line of a request, by its id. */
function logLineOf(requestId: string): Record<string, unknown> | undefined {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(requestId))
    .map((line): Record<string, unknown> => JSON.parse(line))
    .find((line) => line.reqId === requestId && 'status' in line)
}

const fresh = () => randomBytes(5).toString('hex')

test('a missing page comes from the 404 template whatever its query or characters', async () => {
  const shapes: Array<{ path: (token: string) => string; lang: string }> = [
    { path: (n) => `/nieuws/zz-${n}?a`, lang: 'nl' },
    { path: (n) => `/nope~${n}`, lang: 'nl' },
    { path: (n) => `/zz-caf%C3%A9-${n}?utm_source=x&b=1`, lang: 'nl' },
    { path: (n) => `/en/zz-${n}!(x)?q=%E0`, lang: 'en' },
    { path: (n) => `/de/nachricht/zz-%C3%BC${n}?x`, lang: 'de' },
    { path: (n) => `/da/zz%3A${n}%40x`, lang: 'da' },
  ]
  // The first of each shape makes its template (one render per language, route and query or not).
  for (const { path } of shapes) expect((await fetch(`${site}${path(fresh())}`)).status).toBe(404)
  const before = await renders()
  for (let round = 0; round < 5; round++) {
    for (const { path, lang } of shapes) {
      const requestId = `floods-${fresh()}`
      const response = await fetch(`${site}${path(fresh())}`, { headers: { 'x-request-id': requestId, 'accept-encoding': 'gzip' } })
      expect(response.status).toBe(404)
      expect(response.headers.get('x-page-cache')).toBe('SHELL')
      const html = await response.text()
      expect(html).toContain(`<html lang="${lang}"`)
      expect(html).toContain('<meta name="robots" content="noindex"')
      await expect.poll(() => logLineOf(requestId)?.cache).toBe('SHELL')
    }
  }
  // Each worker keeps its own templates, and fetch's connection (so its worker) can change when
  // the machine is slow: at most one more render per shape for each other worker, never one a request.
  const workers = workerPids(server?.pid).length
  expect(workers).toBeGreaterThan(0)
  expect(await renders()).toBeLessThanOrEqual(before + shapes.length * (workers - 1))
})

test('a made-up auth cookie gets the cached page, and a page it misses is stored for everyone', async () => {
  await fetch(`${site}/over-ons`)
  expect((await fetch(`${site}/over-ons`)).headers.get('x-page-cache')).toBe('HIT')
  const before = await renders()
  for (const cookie of [
    'auth_token=x',
    'AUTH_TOKEN=y',
    'auth_token =z; auth_token=w',
    'consent=granted; auth_token=eyJhbGciOiJIUzI1NiJ9.e30.x',
  ]) {
    const response = await fetch(`${site}/over-ons`, { headers: { cookie } })
    expect(response.status, cookie).toBe(200)
    expect(response.headers.get('x-page-cache'), cookie).toBe('HIT')
    expect(response.headers.get('cache-control'), cookie).toContain('public')
  }
  expect(await renders()).toBe(before)
  // A page not cached yet: rendered once as an anonymous visitor's, then a hit for anyone.
  // Not hex alone: the router reads `?location=12e4567890` as a number too large to be an id (or Infinity), dropped.
  const path = `/over-ons?location=loc-${fresh()}`
  expect((await fetch(`${site}${path}`, { headers: { cookie: 'auth_token=x' } })).headers.get('x-page-cache')).toBe('MISS')
  expect((await fetch(`${site}${path}`)).headers.get('x-page-cache')).toBe('HIT')
  expect(await renders()).toBe(before + 1)
})

test('parameters a page does not read make no render of their own: the plain page answers them all', async () => {
  // (The render counter has a sample once some page has rendered.)
  await fetch(`${site}/over-ons`)
  // A page nobody asked for yet, asked for with random parameters and campaign tags only.
  const before = await renders()
  const answers: Response[] = []
  for (let n = 0; n < 40; n++) {
    const query = n % 4 === 0 ? `utm_source=${fresh()}&utm_medium=mail` : n % 4 === 1 ? `gclid=${fresh()}` : `${fresh()}=${fresh()}`
    answers.push(await fetch(`${site}/en/news?${query}`))
  }
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
  expect(await renders(), 'renders for 40 requests with parameters the news list does not read').toBeLessThanOrEqual(before + 1)
  expect(answers.slice(1).map((answer) => answer.headers.get('x-page-cache'))).toEqual(answers.slice(1).map(() => 'HIT'))
  const html = await answers[0]?.text()
  // Stored as the plain page: its canonical (and every link) without the parameters.
  expect(html).toContain(`<link rel="canonical" href="${site}/en/news"`)
  expect(html).not.toMatch(/utm_source|utm_medium/)
  expect((await fetch(`${site}/en/news`)).headers.get('x-page-cache')).toBe('HIT')

  // A parameter the page reads still makes its own page (and campaign tags still leave it as it is).
  const second = await fetch(`${site}/nieuws?page=2&utm_source=${fresh()}`)
  expect(second.status).toBe(200)
  expect(await second.text()).toContain(`<link rel="canonical" href="${site}/nieuws?page=2"`)
  expect((await fetch(`${site}/nieuws?page=2&${fresh()}=1`)).headers.get('x-page-cache')).toBe('HIT')
})

interface ClientResult {
  requests: number
  errors: number
  statusCodes: Record<string, number>
  p50: number
  p99: number
  max: number
}

async function flood(prefix: string, connections: number, seconds: number): Promise<Record<'flood' | 'cached' | 'healthz', ClientResult>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['tests/e2e/two-client-flood-runner.mjs', site, prefix, String(connections), String(seconds)],
    { timeout: (seconds + 30) * 1000 },
  )
  return JSON.parse(stdout)
}

test("one client flooding renders gets 429 while another client's cached page is not served at its pace", async () => {
  test.setTimeout(120_000)
  await fetch(`${site}/over-ons`)
  // Each a real page with a parameter it reads, a value of its own: a render every time (the page cache has none of them).
  const result = await flood('/over-ons?location=flood-{n}', 200, 4)
  console.log('render flood', JSON.stringify(result))
  // 200 connections each asking again as soon as answered, against a few render slots: the
  // flood is past its share whatever the machine's speed.
  expect(result.flood.statusCodes['429'] ?? 0, 'the flood turned away').toBeGreaterThan(0)
  expect(result.cached.errors).toBe(0)
  expect(Object.keys(result.cached.statusCodes)).toEqual(['200'])
  expect(result.healthz.errors).toBe(0)
  // Before the fix the other clients waited in the flood's queue: a connection of theirs got
  // answers at the pace of one of the flood's, or none for seconds. Answers per connection
  // compare the clients on one machine at one moment, so a slower or faster machine changes
  // both alike; milliseconds are for `npm run bench`.
  const perConnection = (client: ClientResult, connections: number) => client.requests / connections
  expect(perConnection(result.cached, 4), 'cached page answers per connection, against 10× the flood’s').toBeGreaterThan(
    10 * perConnection(result.flood, 200),
  )
  expect(perConnection(result.healthz, 1), '/healthz answers per connection, against 10× the flood’s').toBeGreaterThan(
    10 * perConnection(result.flood, 200),
  )
})
