import type { ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { createStream, toJSONAsync } from 'seroval'
import { startServer, stopServer } from './server-process'

/**
 * A server function call that never answers. Only plain data reaches a
 * server function; every server function and render answers by its deadline and gives its
 * render slot back; a client that hangs up is an info line, never an error or a Sentry event.
 * The slow site and its CMS are servers of their own (ports E2E_PORT+130…); the calls that need
 * no special setting go to the shared test server (E2E_PORT: nothing here changes its state, each
 * call is refused before the rate limit). Traffic on 127.0.0.1.
 */
test.describe.configure({ mode: 'serial' })

const basePort = Number(process.env.E2E_PORT ?? 3210) + 130
// The shared test server (playwright.config.ts) as the plain site.
const site = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`
// A CMS of its own: the slow site's warm-up render has the 2 s deadline, and the test server
// may still be making its image variants (ADR 028) or serving the other worker's pages then.
const cmsPort = basePort + 1
const standInPort = basePort + 2
const slowSitePort = basePort + 3
const ingestPort = basePort + 4
const slowSite = `http://127.0.0.1:${slowSitePort}`
// Long enough that the hang-up test can have four visitors in the server and leave before it,
// on a loaded machine (at 2 s one of them sometimes met its deadline first: a 503, not a 499).
const deadlineMs = 3500
const metricsToken = 'hanging-calls-metrics'

const servers: ChildProcess[] = []
const envelopes: string[] = []
let slowSiteOutput = ''
let ingest: Server | undefined
let standIn: ReturnType<typeof hangingCms> | undefined

/** A server function's id by its name, from the server build (Start names them there). */
function serverFunctionId(name: string): string {
  const folder = '.output/server/_ssr'
  for (const file of readdirSync(folder).filter((entry) => entry.endsWith('.mjs'))) {
    const id = new RegExp(`id: "([0-9a-f]{64})",\\s*name: "${name}"`).exec(readFileSync(join(folder, file), 'utf8'))?.[1]
    if (id) return id
  }
  throw new Error(`no server function ${name} in the build`)
}

/** A remote CMS that passes requests on to `upstream`, or, once told to hang, takes each and never answers. */
function hangingCms(upstream: string) {
  let hanging = false
  const held: ServerResponse[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (hanging) return void held.push(res)
      fetch(upstream, {
        method: req.method,
        headers: { 'content-type': 'application/json' },
        body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
      })
        .then(async (answer) =>
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer())),
        )
        .catch(() => res.writeHead(502).end())
    })
  })
  return {
    server,
    hang: () => (hanging = true),
    listen: () => new Promise<void>((resolve) => server.listen(standInPort, '127.0.0.1', () => resolve())),
    close: () => {
      for (const res of held) res.destroy()
      server.closeAllConnections()
      server.close()
    },
  }
}

test.beforeAll(async () => {
  test.setTimeout(150_000)
  ingest = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      if (request.url?.startsWith('/api/1/envelope')) envelopes.push(body)
      response.writeHead(200).end('')
    })
  })
  await new Promise<void>((resolve) => ingest?.listen(ingestPort, '127.0.0.1', resolve))
  servers.push(await startServer(cmsPort))
  standIn = hangingCms(`http://127.0.0.1:${cmsPort}/graphql`)
  await standIn.listen()
  // Its CMS will hang far longer than the deadline; one render at a time, so a slot that is
  // never given back stops every later page; no page cache, so every page renders.
  servers.push(
    await startServer(
      slowSitePort,
      {
        CMS_GRAPHQL_URL: `http://127.0.0.1:${standInPort}/graphql`,
        CMS_TIMEOUT_MS: '120000',
        HANDLER_TIMEOUT_MS: String(deadlineMs),
        RENDER_CONCURRENCY: '1',
        PAGE_CACHE_TTL: '0',
        METRICS_TOKEN: metricsToken,
        // Each visitor by X-Forwarded-For: a client's share of the render slots (one of one) would turn a second page of the same client away with 429.
        TRUST_PROXY: 'loopback',
        SENTRY_DSN: `http://publickey@127.0.0.1:${ingestPort}/1`,
      },
      { onOutput: (text) => (slowSiteOutput += text) },
    ),
  )
  // Rendered once while the CMS answers: its CMS reads are cached now (CMS_CACHE_TTL), its code loaded.
  // Asked again until it is: a first render on a loaded machine can take longer than the deadline.
  await expect.poll(async () => (await fetch(`${slowSite}/da`)).status, { timeout: 90_000 }).toBe(200)
  standIn.hang()
})

test.afterAll(async () => {
  standIn?.close()
  for (const server of servers) await stopServer(server)
  await new Promise<void>((resolve) => (ingest ? ingest.close(() => resolve()) : resolve()))
})

/** Page renders that have ended (done, failed or stopped), over every worker of the slow site. */
async function rendersEnded(): Promise<number> {
  const metrics = await (await fetch(`${slowSite}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text()
  // One series per worker (the `worker` label).
  const counts = [...metrics.matchAll(/^site_page_render_duration_seconds_count(?:\{[^}]*\})? (\d+)/gm)].map((match) => Number(match[1]))
  expect(counts.length, 'render count series').toBeGreaterThan(0)
  return counts.reduce((sum, count) => sum + count, 0)
}

/** Page requests the slow site holds now: rendering, or waiting for a render slot. */
async function pagesInServer(): Promise<number> {
  const metrics = await (await fetch(`${slowSite}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text()
  const values = [...metrics.matchAll(/^site_render_(?:slots_busy|queue_length)(?:\{[^}]*\})? (\d+)/gm)].map((match) => Number(match[1]))
  return values.reduce((sum, value) => sum + value, 0)
}

const contactHeaders = (origin: string) => ({ origin, 'content-type': 'application/json' })

/** The reproduction: `data` is a seroval promise node (type 22), a promise that never settles. */
const promiseNodeBody = '{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":22,"i":1,"s":1}]},"o":0},"f":127,"m":[]}'

test('a contact call whose data is a promise that never settles gets a 400, not its deadline', async () => {
  const response = await fetch(`${site}/_serverFn/${serverFunctionId('submitContact')}`, {
    method: 'POST',
    headers: contactHeaders(site),
    body: promiseNodeBody,
    // Before the fix it stayed open until the client gave up. A call that waits is answered by
    // its deadline (503) or not at all: a 400 says it was refused on what it sent, at any speed.
    signal: AbortSignal.timeout(30_000),
  })
  expect(response.status).toBe(400)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(await response.json()).toEqual({ error: 'Malformed payload' })
})

test('no promise, stream, iterator, Map, Set or Date reaches a server function; plain data does', async () => {
  const contact = `${site}/_serverFn/${serverFunctionId('submitContact')}`
  const stream = createStream<string>()
  stream.next('a')
  stream.return('b')
  const fields = { firstName: 'Anne', surName: 'Vries', email: 'anne@example.com', message: 'Hallo', locale: 'nl', website: '' }
  for (const [what, data] of Object.entries<unknown>({
    'a settled promise': { ...fields, captcha: Promise.resolve('x') },
    'a stream': { ...fields, message: stream },
    'an iterable': { ...fields, message: { *[Symbol.iterator]() {} } },
    'an async iterable': { ...fields, message: { async *[Symbol.asyncIterator]() {} } },
    'a Map': new Map(Object.entries(fields)),
    'a Set': { ...fields, subject: new Set(['sales']) },
    'a Date': { ...fields, message: new Date(0) },
  })) {
    const response = await fetch(contact, {
      method: 'POST',
      headers: contactHeaders(site),
      body: JSON.stringify(await toJSONAsync({ data })),
      signal: AbortSignal.timeout(10_000),
    })
    expect(response.status, what).toBe(400)
    expect(await response.json(), what).toEqual({ error: 'Malformed payload' })
  }
  // The form's own shape reaches the function: its answer is about the captcha it lacks.
  const plain = await fetch(contact, {
    method: 'POST',
    headers: contactHeaders(site),
    body: JSON.stringify(await toJSONAsync({ data: { ...fields, captcha: '', idempotencyKey: crypto.randomUUID() } })),
  })
  expect(plain.status).toBe(403)
  expect(await plain.text()).toContain('captcha')
})

test('a render and a server function that wait on a hanging CMS answer 503 at their deadline, and free the render slot', async () => {
  test.setTimeout(60_000)
  const endedBefore = await rendersEnded()
  // More page requests than render slots (one): each answers by its deadline, waiting in line included.
  let answered = 0
  const waiting = Promise.all(
    ['/en/about-us', '/en/about-us/history', '/over-ons'].map(async (path, index) => {
      const started = Date.now()
      const response = await fetch(`${slowSite}${path}`, {
        headers: { 'x-forwarded-for': `192.0.2.${index + 1}` },
        signal: AbortSignal.timeout(20_000),
      })
      answered++
      return {
        status: response.status,
        ms: Date.now() - started,
        cacheControl: response.headers.get('cache-control'),
        text: await response.text(),
      }
    }),
  )
  // While they hold the slot and the line, a path the site only redirects (`/nl/x` → `/x`) is
  // answered at once: it renders nothing, so it does not wait for a render slot.
  await expect.poll(pagesInServer, { intervals: [50], timeout: 10_000 }).toBe(3)
  const redirect = await fetch(`${slowSite}/nl/over-ons`, { redirect: 'manual', signal: AbortSignal.timeout(20_000) })
  expect(redirect.status).toBe(301)
  expect(redirect.headers.get('location')).toBe('/over-ons')
  // Had it waited for the slot, it would come after the pages' deadline answers.
  expect(answered, 'pages answered before the redirect').toBe(0)
  const pages = await waiting
  for (const page of pages) {
    expect(page.status).toBe(503)
    expect(page.cacheControl).toBe('no-store')
    // Not before the deadline (a timer never fires early)...
    expect(page.ms, 'answer time (ms)').toBeGreaterThanOrEqual(deadlineMs - 100)
    // ...and the wait in line counts: those behind the render would otherwise take two or three
    // deadlines. A deadline of slack, not a guess of how fast a 503 goes out.
    expect(page.ms, 'answer time (ms)').toBeLessThan(2 * deadlineMs)
  }
  expect(pages[0]?.text).toContain('temporarily unavailable')
  // The render that had the slot stopped at its deadline too (its CMS read still hangs for 120 s):
  // it does not run on beside the next page's render.
  await expect.poll(rendersEnded, { timeout: 20_000 }).toBeGreaterThan(endedBefore)

  const payload = encodeURIComponent(JSON.stringify(await toJSONAsync({ data: { locale: 'en' } })))
  const call = await fetch(`${slowSite}/_serverFn/${serverFunctionId('fetchSite')}?payload=${payload}`, {
    headers: { origin: slowSite, 'x-tsr-serverfn': 'true' },
    signal: AbortSignal.timeout(20_000),
  })
  expect(call.status).toBe(503)
  expect(call.headers.get('cache-control')).toBe('no-store')
  // The deadline's own answer: without it the call would wait on the CMS for 120 s.
  expect(await call.json()).toEqual({ error: 'Timed out' })

  // The renders above still wait on the CMS (for 120 s): had they kept the only slot, no page
  // would render now. This one needs no CMS read (all cached).
  const page = await fetch(`${slowSite}/da`, { signal: AbortSignal.timeout(20_000) })
  expect(page.status).toBe(200)
  expect(slowSiteOutput).toContain(`no page within ${deadlineMs} ms`)
})

test('clients that hang up are info lines: no error line, no Sentry event', async () => {
  test.setTimeout(60_000)
  const before = slowSiteOutput.length
  const eventsBefore = envelopes.filter((envelope) => envelope.includes('"type":"event"')).length
  // Pages the hanging CMS keeps waiting (not rendered or cached yet), each from its own visitor so
  // none is turned away as past its share (429). Left once the server holds all of them (one
  // rendering, the rest waiting for the slot), well before their deadline: a hang-up on a timer
  // could come before the server had the request, or after its deadline, on a loaded machine.
  const paths = ['/en/news', '/de/kontakt', '/fr/contact', '/nieuws']
  const visitors = paths.map(() => new AbortController())
  const requests = paths.map((path, index) =>
    fetch(`${slowSite}${path}`, { headers: { 'x-forwarded-for': `198.51.100.${index + 1}` }, signal: visitors[index]?.signal }).catch(
      () => undefined,
    ),
  )
  await expect.poll(pagesInServer, { intervals: [50], timeout: 10_000 }).toBe(paths.length)
  for (const visitor of visitors) visitor.abort()
  await Promise.all(requests)
  const accessLines = () =>
    slowSiteOutput
      .slice(before)
      .split('\n')
      .filter((line) => paths.some((path) => line.includes(`"path":"${path}"`)) && line.includes('"status"'))
  // Each request is over once its access-log line is written.
  await expect.poll(() => accessLines().length, { timeout: 10_000 }).toBe(paths.length)
  // Time for a report to leave, were one made.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const lines = slowSiteOutput.slice(before).split('\n')
  expect(lines.filter((line) => line.includes('"level":"error"'))).toEqual([])
  expect(envelopes.filter((envelope) => envelope.includes('"type":"event"')).length).toBe(eventsBefore)
  // What is said instead: an info line, and 499 (client closed request) in the access log, not a 5xx.
  expect(lines.filter((line) => line.includes('the client went away')).every((line) => line.includes('"level":"info"'))).toBe(true)
  expect(lines.some((line) => line.includes('the client went away'))).toBe(true)
  expect(accessLines().filter((line) => !line.includes('"status":499'))).toEqual([])
})
