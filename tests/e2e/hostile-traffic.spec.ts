import { execFile, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { DatabaseSync } from 'node:sqlite'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { toJSONAsync } from 'seroval'
import * as v from 'valibot'
import { cmsStandIn } from './cms-stand-in'
import { rawRequest } from './raw-http'
import { startServer, stopServer, workerRssMegabytes } from './server-process'
import { serverFunctionIds } from './server-functions'
import { full } from './tiers'

/**
 * As an attacker would try it against the built app: one test per attack, each
 * reproducing it as written and asserting the fix. Own servers (ports E2E_PORT+40…), so a
 * failure here cannot take the shared test server down with it. Traffic stays on 127.0.0.1.
 */
test.describe.configure({ mode: 'serial' })

const basePort = Number(process.env.E2E_PORT ?? 3210) + 40
const sitePort = basePort
const site = `http://127.0.0.1:${sitePort}`
const servers: ChildProcess[] = []
let siteServer: ChildProcess | undefined

test.beforeAll(async () => {
  // With a GTM container, so pages carry the consent banner (its script is never loaded here: no browser).
  siteServer = await startServer(sitePort, { GTM_ID: 'GTM-HOSTILE1' })
  servers.push(siteServer)
})

test.afterAll(async () => {
  for (const server of servers) await stopServer(server)
})

/** A page's fields, the way an attacker would select everything there is. */
const everyPageField = `fragment F on SiteTreeInterface {
  __typename id link title menuTitle metaTitle metaDescription locale lastEdited
  translations { locale link title }
  breadcrumbs { id title menuTitle link }
  ... on Page { content elementalArea { elements { __typename id title showTitle } } }
}`

/**
 * The process lives and serves. How fast /healthz answers is `npm run bench`'s figure: what an
 * attack must not leave behind (work still running once it was refused) is shown by the answers
 * themselves, refused before they were parsed or resolved.
 */
async function healthzAnswers(): Promise<void> {
  const response = await fetch(`${site}/healthz`)
  expect(response.status).toBe(200)
  expect(siteServer?.exitCode).toBeNull()
}

/** Sends a body of `bytes` bytes (Content-Length, or chunked) and resolves on the answer, however early it comes. */
function postBody(
  url: string,
  bytes: number,
  chunked: boolean,
  headers: Record<string, string> = {},
): Promise<{ status: number; allSent: boolean }> {
  let sent = 0
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(bytes) }), ...headers },
    })
    req.on('response', (res) => {
      res.resume()
      resolve({ status: res.statusCode ?? 0, allSent: sent >= bytes })
      req.destroy()
    })
    // The server may answer and close while the body is still being written.
    req.on('error', (error) => setTimeout(() => reject(error), 2000))
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const write = () => {
      while (sent < bytes) {
        sent += chunk.byteLength
        if (!req.write(chunk)) return void req.once('drain', write)
      }
      req.end()
    }
    write()
  })
}

/** The parts of an ALTCHA challenge the solver reads. */
const challengeSchema = v.object({
  parameters: v.object({
    algorithm: v.string(),
    nonce: v.string(),
    salt: v.string(),
    cost: v.number(),
    keyLength: v.number(),
    keyPrefix: v.string(),
  }),
})

const serverFnHeaders = { origin: site, 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true', accept: 'application/json' }

test('a GraphQL alias bomb and a token bomb get 4xx; the process lives and /healthz answers at once', async () => {
  test.setTimeout(60_000)
  const aliases = Array.from({ length: 3000 }, (_, i) => `a${i}: readPages(locale: "nl_NL") { ...F }`).join('\n')
  const aliasBomb = JSON.stringify({ query: `{ ${aliases} }\n${everyPageField}` })
  expect(aliasBomb.length).toBeGreaterThan(60_000)
  const alias = await fetch(`${site}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: aliasBomb })
  expect(alias.status).toBeGreaterThanOrEqual(400)
  expect(alias.status).toBeLessThan(500)
  await healthzAnswers()

  // 1,000 aliases under the body limit (2,000 answered 31 MB before): refused before anything resolves.
  const fewer = JSON.stringify({
    query: `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: readPages(locale: "nl_NL") { id }`).join(' ')} }`,
  })
  // GraphQL over HTTP: a client that accepts application/graphql-response+json gets the 400.
  const graphqlResponse = { 'content-type': 'application/json', accept: 'application/graphql-response+json' }
  const refused = await fetch(`${site}/graphql`, { method: 'POST', headers: graphqlResponse, body: fewer })
  expect(refused.status).toBe(400)
  expect(await refused.json()).toEqual({
    errors: [expect.objectContaining({ message: expect.stringMatching(/Too many root fields|4000 tokens/) })],
  })
  // A legacy application/json client gets the same errors (status 200 by that spec), and no data.
  const legacy = await fetch(`${site}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: fewer })
  expect(await legacy.json()).toEqual({
    errors: [expect.objectContaining({ message: expect.stringMatching(/Too many root fields|4000 tokens/) })],
  })
  await healthzAnswers()

  // 500,000 __typename tokens (5.5 MB): refused by size before it is parsed.
  const tokenBomb = JSON.stringify({ query: `{ ${'__typename '.repeat(500_000)} }` })
  const tokens = await postBody(`${site}/graphql`, Buffer.byteLength(tokenBomb), false)
  expect(tokens.status).toBe(413)
  // Under the body limit, the token limit stops the parser.
  const small = await fetch(`${site}/graphql`, {
    method: 'POST',
    headers: graphqlResponse,
    body: JSON.stringify({ query: `{ ${'__typename '.repeat(5000)} }` }),
  })
  expect(small.status).toBe(400)
  // Deep nesting: a clear 400, no "Maximum call stack size exceeded".
  const deep = await fetch(`${site}/graphql`, {
    method: 'POST',
    headers: graphqlResponse,
    body: JSON.stringify({ query: `${'{ a '.repeat(5000)}${'}'.repeat(5000)}` }),
  })
  expect(deep.status).toBe(400)
  expect(await deep.text()).not.toMatch(/call stack/i)
  // The same name 640 times at one level: graphql's overlap check compares them pairwise (0.3 s
  // of CPU each before); now refused before validation, twenty at once.
  const overlapping = JSON.stringify({
    query: `{ readSiteConfig(locale: "nl_NL") { ${Array.from({ length: 640 }, (_, i) => ['ogImage { u: url }', 'ogImage { u: alt }', 'ogImage { u: width }'][i % 3]).join(' ')} } }`,
  })
  const overlaps = await Promise.all(
    Array.from({ length: 20 }, () =>
      fetch(`${site}/graphql`, { method: 'POST', headers: graphqlResponse, body: overlapping }).then((r) => r.status),
    ),
  )
  expect(new Set(overlaps)).toEqual(new Set([400]))
  await healthzAnswers()
  // Introspection is off.
  const introspection = await fetch(`${site}/graphql`, {
    method: 'POST',
    headers: graphqlResponse,
    body: JSON.stringify({ query: '{ __schema { types { name } } }' }),
  })
  expect(introspection.status).toBe(400)

  await healthzAnswers()
  expect(siteServer?.exitCode).toBeNull()
})

test('callers that send their GraphQL body slowly do not take the slots from others', async () => {
  // More connections than there are slots, each announcing a body it never finishes.
  const stalled = Array.from({ length: 6 }, () => {
    const socket = connect(sitePort, '127.0.0.1')
    socket.write(
      `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:${sitePort}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":`,
    )
    return socket
  })
  try {
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Had the stalled callers taken the slots, this would wait for them: minutes (the server's
    // request timeout), far beyond this deadline on any machine.
    const answer = await fetch(`${site}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ readSiteConfig(locale: "nl_NL") { title } }' }),
      signal: AbortSignal.timeout(30_000),
    })
    expect(answer.status).toBe(200)
  } finally {
    for (const socket of stalled) socket.destroy()
  }
})

test('plain form posts that trickle in take no render slot; each gets 408 when its time is up', async () => {
  test.setTimeout(40_000)
  // More than RENDER_CONCURRENCY (4) contact-form posts, each announcing a body it never finishes;
  // half of them to a German page, whose visitor is told in German.
  const replies: string[] = []
  const paths = ['/contact', '/de/kontakt']
  const stalled = Array.from({ length: 6 }, (_, index) => {
    const socket = connect(sitePort, '127.0.0.1')
    replies[index] = ''
    socket.on('data', (chunk: Buffer) => (replies[index] += chunk.toString('utf8')))
    socket.on('error', () => undefined)
    socket.write(
      `POST ${paths[index % 2]} HTTP/1.1\r\nHost: 127.0.0.1:${sitePort}\r\nSec-Fetch-Site: same-origin\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\ncontactForm=`,
    )
    return socket
  })
  try {
    await new Promise((resolve) => setTimeout(resolve, 300))
    // A page nobody has asked for yet: it needs a render slot. Before, it waited for the posts (300 s).
    // Answered while the posts still wait for their bodies: none has had its 408 yet.
    const page = await fetch(`${site}/en/contact?location=probe-${Date.now()}`, { signal: AbortSignal.timeout(30_000) })
    expect(page.status).toBe(200)
    expect(replies, 'answers to the posts before the page').toEqual(Array(6).fill(''))
    await expect.poll(() => replies.filter((reply) => reply.startsWith('HTTP/1.1 408')).length, { timeout: 20_000 }).toBe(6)
    for (const [index, reply] of replies.entries()) {
      const [language, title] = index % 2 === 0 ? ['nl', 'Verzoek duurde te lang'] : ['de', 'Zeitüberschreitung der Anfrage']
      expect(reply.toLowerCase(), String(index)).toContain(`content-language: ${language}`)
      expect(reply, String(index)).toContain(`\r\n${title}\n`)
      // The rest of that body may still come: the connection is not used again (RFC 9110 §15.5.9).
      expect(reply.toLowerCase(), String(index)).toContain('connection: close')
    }
  } finally {
    for (const socket of stalled) socket.destroy()
  }
})

test('a $ in a path is never read as a route parameter: one redirect to it escaped, then a 404', async () => {
  // Still under the URL limit (4096) once escaped.
  const splats = `/en/a${'/$_splat'.repeat(300)}`
  for (const path of ['/vestigingen/$x', '/en/$locale', '/en/{$locale}', '/api/preview/$x', '/nieuws/feed.xml/$x', splats]) {
    const label = path.slice(0, 40)
    const first = await fetch(`${site}${path}`, { redirect: 'manual' })
    expect(first.status, label).toBe(301)
    const location = first.headers.get('location') ?? ''
    // Before: /vestigingen/undefined, /en/en, and for the splats a Location of 2.5 MB.
    expect(location, label).toBe(new URL(`${site}${path}`).pathname.replaceAll('$', '%24'))
    expect((await fetch(`${site}${location}`, { redirect: 'manual' })).status, label).toBe(404)
  }
})

test('a 404 under /assets or /media is not cached for a year', async () => {
  for (const path of ['/assets/not-deployed-yet-abc123.js', '/media/not-there.webp']) {
    const response = await fetch(`${site}${path}`)
    expect(response.status, path).toBe(404)
    expect(response.headers.get('cache-control') ?? '', path).not.toMatch(/immutable|max-age=[1-9]/)
  }
})

// Every spelling of the consent cookie shares the anonymous page: request-handler.server.test.ts.
// What only a render shows: the page rendered for a visitor with a choice carries none of it.
test('a page rendered for a visitor with a consent cookie is the anonymous page, banner and all', async () => {
  const cookie = 'consent =granted; consent=denied'
  const url = `${site}/over-ons?location=consent-${Date.now()}`
  // The visitor with the cookie is the first: the page is rendered for them and stored.
  const poisoned = await fetch(url, { headers: { cookie } })
  expect(poisoned.headers.get('x-page-cache')).toBe('MISS')
  const html = await poisoned.text()
  // Nothing of their choice is in it (before, the render embedded it and left the banner out).
  expect(html).toContain('class="consent-banner"')
  expect(html).not.toMatch(/consent:"(granted|denied)"|consent:\$R/)
  expect(await (await fetch(url)).text()).toBe(html)
})

test('20 MB bodies get 413 before they are sent, by Content-Length and while streaming', async () => {
  const [functionId = ''] = serverFunctionIds()
  const targets = [`${site}/_serverFn/${functionId}`, `${site}/graphql`, `${site}/api/cache/purge`]
  for (const target of targets) {
    for (const chunked of [false, true]) {
      const answer = await postBody(target, 20 * 1024 * 1024, chunked, serverFnHeaders)
      expect(answer.status, `${target} chunked=${chunked}`).toBe(413)
      // Refused at the limit, not after reading the rest: the server stops reading, so the
      // sender's writes wait on full buffers (a few MB), on a fast machine or a slow one.
      expect(answer.allSent, `${target} chunked=${chunked}: answered only once the whole body was sent`).toBe(false)
    }
  }
  await healthzAnswers()
})

// A soak: test:full (ADR 037). load.spec.ts's 50 connections for 5 s stay in npm test.
test('1,000 connections reading a cached brotli page for 10 s keep RSS within 250 MB', full, async () => {
  test.setTimeout(90_000)
  const url = `${site}/`
  // Stored first, with its compressed forms.
  await fetch(url, { headers: { 'accept-encoding': 'br' } })
  const before = workerRssMegabytes(siteServer?.pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, workerRssMegabytes(siteServer?.pid))), 200)
  const { stdout } = await promisify(execFile)(process.execPath, ['tests/e2e/flood-runner.mjs', url, '1000', '10', 'br'], {
    timeout: 60_000,
  })
  clearInterval(sampler)
  const result = v.parse(v.object({ requests: v.number(), errors: v.number(), non2xx: v.number() }), JSON.parse(stdout))
  test.info().annotations.push({ type: 'rss', description: `before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB; ${stdout.trim()}` })
  expect(result.requests).toBeGreaterThan(1000)
  expect(result.non2xx).toBe(0)
  expect(peak, 'peak RSS (MB) under 1,000 connections').toBeLessThanOrEqual(250)
  // The load generator has just closed 1,000 connections: the server still serves.
  await healthzAnswers()
})

// Pages' 405 for every other method (in the page's language) and HEAD's length: request-handler.server.test.ts.
test('methods: TRACE on a page is 405 too; the API routes refuse what they lack', async () => {
  const trace = await rawRequest(`${site}/over-ons`, { method: 'TRACE' })
  expect(trace.status).toBe(405)
  expect(trace.headers.allow).toBe('GET, HEAD')
  expect(trace.headers['cache-control']).toBe('no-store')
  const v1 = await fetch(`${site}/api/v1/x`, { method: 'POST' })
  expect(v1.status).toBe(405)
  expect(v1.headers.get('cache-control')).toBe('no-store')
  const graphql = await fetch(`${site}/graphql`, { method: 'PUT' })
  expect(graphql.status).toBe(405)
  expect(graphql.headers.get('allow')).toBe('GET, POST')
})

// Security headers on every kind of answer, and redirects that never use Host: http-caching.spec.ts.

test('server function validation failures are 400s that echo nothing; bad contact characters are refused', async () => {
  const ids = serverFunctionIds()
  const payload = encodeURIComponent(JSON.stringify(await toJSONAsync({ data: { locale: 'xx<script>', link: 5, slug: 'x' } })))
  let postOnly: string | undefined
  for (const id of ids) {
    const response = await fetch(`${site}/_serverFn/${id}?payload=${payload}`, { headers: serverFnHeaders })
    const text = await response.text()
    if (response.status === 405) postOnly = id
    else if (response.status !== 200) {
      expect(response.status, id).toBe(400)
      expect(text, id).not.toContain('xx')
    }
  }
  expect(postOnly, 'the contact function (the only POST one)').toBeDefined()
  const fields = {
    firstName: 'Anne',
    surName: 'Vries',
    email: 'anne@example.com',
    message: 'Hallo',
    locale: 'nl',
    website: '',
    captcha: 'x',
  }
  for (const bad of [
    { message: 'invoice \u202Efdp.exe' },
    { message: 'Pay\rRefund' },
    { message: 'bell\u0007' },
    { firstName: '\rJan' },
    { captcha: '\u0000\u202eeyJ9' },
  ]) {
    const body = JSON.stringify(await toJSONAsync({ data: { ...fields, ...bad, idempotencyKey: crypto.randomUUID() } }))
    const response = await fetch(`${site}/_serverFn/${postOnly}`, {
      method: 'POST',
      headers: { ...serverFnHeaders, 'content-type': 'application/json' },
      body,
    })
    expect(response.status, JSON.stringify(bad)).toBe(400)
    if (!('captcha' in bad)) expect(await response.text()).toContain('invalidCharacters')
  }
})

const proxiedDataDir = mkdtempSync(join(tmpdir(), 'trust-proxy-'))

test('TRUST_PROXY counts hops: a client cannot choose its own address by prepending to X-Forwarded-For', async () => {
  test.setTimeout(60_000)
  // Behind one proxy (TRUST_PROXY=1) that appends what it saw: the contact rate limit keys
  // on that address, whatever the client wrote before it.
  const port = basePort + 2
  const origin = `http://127.0.0.1:${port}`
  const proxied = await startServer(port, { TRUST_PROXY: '1', CONTACT_RATE_LIMIT: '2/600', DATA_DIR: proxiedDataDir })
  servers.push(proxied)
  const headers = { ...serverFnHeaders, origin, 'content-type': 'application/json' }
  let contactId: string | undefined
  for (const candidate of serverFunctionIds()) {
    if ((await fetch(`${origin}/_serverFn/${candidate}`, { headers })).status === 405) contactId = candidate
  }
  const statuses: number[] = []
  for (let i = 0; i < 4; i++) {
    const challenge: unknown = await (await fetch(`${origin}/api/captcha/challenge`)).json()
    const solution = await solveChallenge({ challenge: v.parse(challengeSchema, challenge), deriveKey })
    const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    const body = JSON.stringify(
      await toJSONAsync({
        data: {
          firstName: 'Anne',
          surName: 'Vries',
          email: 'anne@example.com',
          message: `Hallo ${i}`,
          locale: 'nl',
          website: '',
          captcha,
          idempotencyKey: crypto.randomUUID(),
        },
      }),
    )
    // The left-most entry is the client's own invention; 198.51.100.7 is what the proxy saw.
    const response = await fetch(`${origin}/_serverFn/${contactId}`, {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': `10.0.0.${i}, 198.51.100.7` },
      body,
    })
    statuses.push(response.status)
  }
  expect(statuses).toEqual([200, 200, 429, 429])
})

test('npm run submissions shows stored text without letting it steer the terminal', async () => {
  // A row as an older version (or another writer) could have stored it: CR, bidi override, escape.
  const db = new DatabaseSync(join(proxiedDataDir, 'site.sqlite'))
  db.prepare(
    "INSERT INTO submissions (idempotency_key, created_at, locale, first_name, sur_name, email, message) VALUES (?, '2026-11-23T00:00:00Z', 'nl', ?, 'Vries', 'a@b.co', ?)",
  ).run(crypto.randomUUID(), 'Anne\u202E', 'Pay \rRefund\u001b[2J\nsecond line')
  db.close()
  const { stdout } = await promisify(execFile)(process.execPath, ['--no-warnings', 'scripts/submissions.mjs'], {
    env: { ...process.env, DATA_DIR: proxiedDataDir },
  })
  // The two messages the previous test stored, and the hostile one, escaped.
  expect(stdout).toContain('Hallo 0')
  expect(stdout).toContain('Anne\\u{202e}')
  expect(stdout).toContain('Pay \\u{d}Refund\\u{1b}[2J\n    second line')
  // oxlint-disable-next-line no-control-regex -- finding raw control characters is the point
  expect(stdout).not.toMatch(/[\r\u001b\u202e]/)
})

// The flood on top of an outage: test:full (ADR 037). The outage alone is cms-outage.spec.ts's, a
// random-path flood alone render-floods.spec.ts's, both in npm test.
test('a random-path flood, then a CMS outage: known pages are still served', full, async () => {
  test.setTimeout(90_000)
  const cmsPort = basePort + 3
  const floodedPort = basePort + 4
  const cms = await startServer(cmsPort)
  servers.push(cms)
  // No page cache: the CMS result cache alone must carry the known page.
  const flooded = await startServer(floodedPort, {
    CMS_GRAPHQL_URL: `http://127.0.0.1:${cmsPort}/graphql`,
    PAGE_CACHE_TTL: '0',
    CMS_CACHE_TTL: '1',
  })
  servers.push(flooded)
  const origin = `http://127.0.0.1:${floodedPort}`
  expect((await fetch(`${origin}/en/about-us`)).status).toBe(200)
  // More unknown links than the result cache holds (500 per operation).
  for (let batch = 0; batch < 30; batch++) {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${origin}/en/flood-${batch}-${i}-${Math.random().toString(36).slice(2)}`).then((r) => r.arrayBuffer()),
      ),
    )
  }
  await stopServer(cms)
  await new Promise((resolve) => setTimeout(resolve, 1100))
  const known = await fetch(`${origin}/en/about-us`)
  expect(known.status).toBe(200)
  expect(await known.text()).toContain('About Autogroep Horizon')
})

test('a hanging CMS: cached pages and a known uncached page answer while requests that need it wait', async () => {
  test.setTimeout(180_000)
  const cmsPort = basePort + 5
  const standInPort = basePort + 6
  const hangingPort = basePort + 7
  const cms = await startServer(cmsPort)
  servers.push(cms)
  const standIn = cmsStandIn(`http://127.0.0.1:${cmsPort}`)
  await standIn.listen(standInPort)
  // Long: what must answer does so while the requests that need the CMS still wait for it,
  // however slow the machine (answering at once is `npm run bench`'s to time). A request may
  // wait on the CMS more than once: the handler's deadline is far beyond, so the CMS fails first.
  const timeoutMs = 5_000
  const hangingSite = await startServer(hangingPort, {
    CMS_GRAPHQL_URL: `http://127.0.0.1:${standInPort}/graphql`,
    CMS_TIMEOUT_MS: String(timeoutMs),
    HANDLER_TIMEOUT_MS: String(12 * timeoutMs),
    CMS_CACHE_TTL: '1',
    // Eight visitors below, each with its own address: one client's eight would pass its share of the render slots (429).
    TRUST_PROXY: '1',
  })
  servers.push(hangingSite)
  const origin = `http://127.0.0.1:${hangingPort}`
  try {
    expect((await fetch(`${origin}/en/about-us`)).status).toBe(200)
    // The history page's data is known (fetched once through another URL), its page is not cached.
    expect((await fetch(`${origin}/en/about-us/history?location=warm`)).status).toBe(200)
    standIn.hang(true)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    // Eight requests for unknown paths, each waiting on the hanging CMS.
    let answeredUnknown = 0
    const unknown = Array.from({ length: 8 }, (_, i) =>
      fetch(`${origin}/en/nothing-here-${i}`, { headers: { 'X-Forwarded-For': `198.18.7.${i + 1}` } }).then((r) => {
        answeredUnknown++
        return r.status
      }),
    )

    const cached = await fetch(`${origin}/en/about-us`)
    expect(cached.headers.get('x-page-cache')).toMatch(/HIT|STALE/)
    const known = await fetch(`${origin}/en/about-us/history`)
    expect(known.status).toBe(200)
    expect(answeredUnknown, 'requests waiting on the CMS, answered before these pages').toBe(0)

    const statuses = await Promise.all(unknown)
    // Unknown paths fail with a 500 error page (the CMS cannot say they do not exist), never hang.
    expect(statuses.every((status) => status === 500)).toBe(true)
    const ready = await fetch(`${origin}/readyz`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({ checks: { cms: 'failing' } })
  } finally {
    await standIn.close()
  }
})
