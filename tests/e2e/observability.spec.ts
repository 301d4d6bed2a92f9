import type { ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { startServer, stopServer } from './server-process'

// Its own server: with METRICS_TOKEN set, two workers, and its output read (the shared servers drop theirs).
const port = Number(process.env.E2E_PORT ?? 3210) + 70
const base = `http://127.0.0.1:${port}`
const token = 'observability-e2e-token-0123'
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

test.describe.configure({ mode: 'serial' })

let server: ChildProcess | undefined
let output = ''

test.beforeAll(async () => {
  server = await startServer(
    port,
    { METRICS_TOKEN: token, WEB_CONCURRENCY: '2', DATA_DIR: mkdtempSync(join(tmpdir(), 'site-observability-')) },
    { onOutput: (text) => (output += text) },
  )
})

test.afterAll(async () => {
  if (server) await stopServer(server)
})

/** The JSON log lines written so far (the server's stdout is a pipe here, not a terminal). */
function logLines(): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line): Record<string, unknown> => JSON.parse(line))
}

test('/metrics is off without METRICS_TOKEN, and wants the token when it is set', async ({ request }) => {
  // The shared test server has no METRICS_TOKEN.
  expect((await request.get('/metrics', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(404)
  expect((await request.get(`${base}/metrics`)).status()).toBe(401)
  expect((await request.get(`${base}/metrics`, { headers: { Authorization: 'Bearer not-the-token-at-all' } })).status()).toBe(401)
  expect((await request.post(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(405)
})

test('/metrics with the token lists the named series, a page request among them', async ({ request }) => {
  expect((await request.get(`${base}/en`)).status()).toBe(200)
  const response = await request.get(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^text\/plain/)
  const text = await response.text()
  for (const name of [
    'site_http_request_duration_seconds',
    'site_page_render_duration_seconds',
    'site_cms_request_duration_seconds',
    'site_cms_request_errors_total',
    'site_cms_circuit_state',
    'site_page_cache_entries',
    'site_page_cache_bytes',
    'site_outbox_backlog',
    'nodejs_eventloop_lag_seconds',
    'nodejs_heap_size_used_bytes',
  ]) {
    expect(text).toContain(`# TYPE ${name} `)
  }
  // Each of the two workers labels its series with its slot; the page went to one of them.
  expect(text).toMatch(
    /^site_http_request_duration_seconds_count\{kind="page",cache="(miss|hit)",status_class="2xx",worker="[12]"\} [1-9]/m,
  )
  expect(text).toMatch(/^site_page_cache_entries\{worker="[12]"\} [1-9]/m)
  expect(text).toContain('site_cms_circuit_state{state="closed",worker="1"} 1')
})

/** A scrape on a connection of its own: the cluster hands each new connection to the next worker. */
function scrapeOnNewConnection(): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}/metrics`, { agent: false, timeout: 10_000, headers: { Authorization: `Bearer ${token}` } }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
  })
}

test('one scrape answers for the whole server: every worker, whichever takes it', async () => {
  for (let scrape = 0; scrape < 4; scrape++) {
    const { status, text } = await scrapeOnNewConnection()
    expect(status).toBe(200)
    for (const worker of ['1', '2']) {
      expect(text, `scrape ${scrape}, worker ${worker}`).toMatch(
        new RegExp(`^nodejs_heap_size_used_bytes\\{worker="${worker}"\\} \\d`, 'm'),
      )
      expect(text).toContain(`site_cms_circuit_state{state="closed",worker="${worker}"} 1`)
    }
    // One family each, merged (prom-client's AggregatorRegistry), not two documents glued together.
    expect(text.match(/^# TYPE nodejs_heap_size_used_bytes gauge$/gm)).toHaveLength(1)
  }
})

test('a refused contact submission is logged with its reason and counted', async ({ request }) => {
  const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }
  const requestId = `refused-${Date.now()}`
  // Another site's post of the form without JavaScript, and of its server function.
  const pagePost = await request.post(`${base}/en/contact`, {
    form: { firstName: 'Zoë', email: 'zoe@example.com', message: 'Hallo' },
    headers: { ...crossSite, 'X-Request-Id': requestId },
    maxRedirects: 0,
  })
  expect(pagePost.status()).toBe(403)
  const functionPost = await request.post(`${base}/_serverFn/anything`, {
    data: '{}',
    headers: { ...crossSite, 'Content-Type': 'application/json', 'X-Request-Id': `${requestId}-fn` },
  })
  expect(functionPost.status()).toBe(403)
  // A post of this site whose payload is no plain data (a promise): refused as malformed.
  const malformed = await request.post(`${base}/_serverFn/anything`, {
    data: '{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":22,"i":1,"s":1}]},"o":0},"f":127,"m":[]}',
    headers: { origin: base, 'sec-fetch-site': 'same-origin', 'Content-Type': 'application/json', 'X-Request-Id': `${requestId}-m` },
  })
  expect(malformed.status()).toBe(400)
  await expect.poll(() => logLines().filter((line) => line.msg === '[contact] submission refused: csrf').length).toBe(2)
  expect(logLines().find((line) => line.reqId === `${requestId}-m` && line.reason === 'malformed')).toMatchObject({ level: 'info' })
  expect(logLines().find((line) => line.reqId === requestId && line.reason === 'csrf')).toMatchObject({ level: 'info' })
  // Nothing the visitor typed is in the log.
  expect(output).not.toMatch(/zoe@example\.com|Zoë/)
  const { text } = await scrapeOnNewConnection()
  const counted = [...text.matchAll(/^site_contact_refusals_total\{reason="csrf",worker="[12]"\} (\d+)$/gm)].map((match) =>
    Number(match[1]),
  )
  expect(counted.reduce((sum, value) => sum + value, 0)).toBe(2)
  expect(text).toMatch(/^site_contact_refusals_total\{reason="malformed",worker="[12]"\} 1$/m)
  expect(text).toMatch(/^site_contact_refusals_total\{reason="captcha",worker="1"\} 0$/m)
})

test('X-Request-Id: echoed when usable, made up when absent or not usable', async ({ request }) => {
  const given = await request.get(`${base}/healthz`, { headers: { 'X-Request-Id': 'trace-abc-123' } })
  expect(given.headers()['x-request-id']).toBe('trace-abc-123')
  const absent = await request.get(`${base}/healthz`)
  expect(absent.headers()['x-request-id']).toMatch(uuid)
  const tooLong = await request.get(`${base}/healthz`, { headers: { 'X-Request-Id': 'x'.repeat(200) } })
  expect(tooLong.headers()['x-request-id']).toMatch(uuid)
  // Refused requests carry one too.
  const refused = await request.get(`${base}/en`, { headers: { Host: 'evil.example' } })
  expect(refused.status()).toBe(421)
  expect(refused.headers()['x-request-id']).toMatch(uuid)
})

test('a page request writes one access-log line with its request id, and no query string', async ({ request }) => {
  const requestId = `e2e-${Date.now()}`
  const response = await request.get(`${base}/en/contact?token=do-not-log-me`, { headers: { 'X-Request-Id': requestId } })
  expect(response.status()).toBe(200)
  await expect.poll(() => logLines().filter((line) => line.reqId === requestId)).toHaveLength(1)
  const line = logLines().find((entry) => entry.reqId === requestId)
  expect(line).toMatchObject({
    level: 'info',
    worker: expect.stringMatching(/^[12]$/),
    method: 'GET',
    path: '/en/contact',
    status: 200,
    kind: 'page',
    cache: expect.stringMatching(/^(MISS|HIT|STALE|BYPASS)$/),
    durationMs: expect.any(Number),
    time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  })
  expect(output).not.toContain('do-not-log-me')
  // Probes come every few seconds: they are logged at debug, below the default level.
  const probeId = `probe-${Date.now()}`
  await request.get(`${base}/healthz`, { headers: { 'X-Request-Id': probeId } })
  await request.get(`${base}/en`, { headers: { 'X-Request-Id': `${probeId}-page` } })
  await expect.poll(() => logLines().some((entry) => entry.reqId === `${probeId}-page`)).toBe(true)
  expect(logLines().some((entry) => entry.reqId === probeId)).toBe(false)
})
