import { request as httpRequest } from 'node:http'
import fc from 'fast-check'
import { expect, test } from './fixtures'

/**
 * Generated junk against the running app: thousands of odd paths and form
 * payloads, none of which may get a 5xx, and the server must still serve
 * afterwards. Each run draws from a new seed, printed with any failure
 * (FUZZ_SEED=<n> replays it).
 */
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31)
const port = Number(process.env.E2E_PORT ?? 3210)

interface Sent {
  method: string
  path: string
  status: number
}

/** A raw HTTP request: the path goes out exactly as generated (fetch would normalise `..` and escapes). */
function send(method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, timeout: 15_000, maxHeaderSize: 64 * 1024 }, (res) => {
      res.resume()
      res.on('end', () => resolve({ method, path, status: res.statusCode ?? 0 }))
    })
    req.on('timeout', () => req.destroy(new Error(`timeout: ${method} ${path.slice(0, 200)}`)))
    req.on('error', reject)
    req.end(body)
  })
}

/** Runs jobs with at most `limit` in flight. */
async function inBatches<T>(items: ReadonlyArray<T>, limit: number, job: (item: T) => Promise<Sent>): Promise<Sent[]> {
  const results: Sent[] = []
  let next = 0
  const workers = Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const item = items[next++] as T
      results.push(await job(item))
    }
  })
  await Promise.all(workers)
  return results
}

function serverErrors(results: ReadonlyArray<Sent>): string[] {
  return results.filter((r) => r.status >= 500 || r.status === 0).map((r) => `${r.status} ${r.method} ${r.path.slice(0, 300)}`)
}

const knownPrefixes = ['', '/en', '/de', '/fr', '/da', '/nl', '/nieuws', '/en/news', '/de/nachricht', '/fr/actualites', '/da/nyheder', '/contact', '/vestigingen', '/api', '/api/v1', '/api/captcha', '/_serverFn', '/assets', '/media', '/en_GB', '/de_DE']

const oddSegment = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent),
  fc.constantFrom('..', '.', '%2e%2e', '%2E%2E%2F', '%2F', '%2f', '%5C', '\\', '%00', '%ff', '%E0%A4%A', '%', '%%', '%c0%af', '~', ';', '@', ':', '*', '$', '!'),
  fc.constantFrom('xx', 'EN', 'en-US', 'nl', 'da', 'zh', 'en_US', 'NL_nl', '-', 'index.html', 'robots.txt', 'sitemap.xml'),
  fc.integer({ min: 200, max: 8000 }).map((n) => 'a'.repeat(n)),
  fc.stringMatching(/^[a-z0-9-]{1,40}$/),
)

const oddPath = fc
  .tuple(
    fc.constantFrom(...knownPrefixes),
    fc.array(oddSegment, { minLength: 0, maxLength: 6 }),
    fc.constantFrom('/', '//'),
    fc.constantFrom('', '/', '//', '?', '?q=%ZZ', '?country=xx&type=%00', '?a=1&a=2&b[]=3', `?${'x='.repeat(500)}`, '#frag'),
  )
  .map(([prefix, segments, separator, tail]) => `${prefix}/${segments.join(separator)}${tail}`)

test.describe('fuzz', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 })

  test.beforeEach(() => {
    test.info().annotations.push({ type: 'FUZZ_SEED', description: String(seed) })
  })

  test('2500 generated paths: no 5xx', async () => {
    const paths = fc.sample(oddPath, { numRuns: 2500, seed })
    const methods = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS']
    const results = await inBatches(
      paths.map((path, i) => ({ path, method: methods[i % methods.length] ?? 'GET', ip: `198.51.100.${i % 250}` })),
      16,
      ({ path, method, ip }) => send(method, path, method === 'POST' ? 'x=1' : undefined, { 'X-Forwarded-For': ip }),
    )
    expect(results).toHaveLength(2500)
    expect(serverErrors(results), `FUZZ_SEED=${seed}`).toEqual([])
    expect((await send('GET', '/healthz')).status).toBe(200)
    expect((await send('GET', '/en')).status).toBe(200)
  })

  test('form payloads to the contact function, GraphQL and the APIs: no 5xx', async ({ page, baseURL, consoleGuard }) => {
    // The real submission is captured and cancelled, which the browser reports.
    consoleGuard.allow(/Failed to load resource: net::ERR_FAILED/)
    // The contact server function's URL and headers, as the form sends them.
    await page.context().addCookies([{ name: 'consent', value: 'denied', url: baseURL ?? '' }])
    await page.goto('/en/contact')
    await page.locator('html[data-hydrated="true"]').waitFor()
    const captured = new Promise<{ url: string; headers: Record<string, string>; body: string }>((resolve) => {
      void page.route('**/_serverFn/**', async (route) => {
        resolve({ url: new URL(route.request().url()).pathname, headers: route.request().headers(), body: route.request().postData() ?? '' })
        await route.abort()
      })
    })
    await page.getByLabel('First name', { exact: true }).fill('Zoë')
    await page.getByLabel('Last name', { exact: true }).fill('Søren')
    await page.getByLabel('Email address', { exact: true }).fill('fuzz@example.com')
    await page.getByLabel('Your message', { exact: true }).fill('Fuzz')
    await page.locator('altcha-widget [data-state="verified"]').waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Send' }).click()
    const contact = await captured
    expect(contact.url).toMatch(/^\/_serverFn\//)
    const sameOrigin = { Origin: baseURL ?? '', 'Sec-Fetch-Site': 'same-origin' }
    // Its headers minus those that describe the original body or connection.
    const contactHeaders: Record<string, string> = { ...sameOrigin }
    for (const [name, value] of Object.entries(contact.headers)) {
      if (!['content-length', 'host', 'connection', 'transfer-encoding'].includes(name.toLowerCase())) contactHeaders[name] = value
    }

    const junkString = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 50 }),
      fc.integer({ min: 5000, max: 200_000 }).map((n) => 'ż'.repeat(n)),
      fc.constantFrom('', ' ', '\u0000', '<script>alert(1)</script>', "'; DROP TABLE submissions; --", '\ud800', 'a@b', '{"t":0}'),
    )
    // The real payload with its strings swapped for junk, or junk JSON, or no JSON at all.
    const contactBody = fc.oneof(
      fc.array(junkString, { minLength: 1, maxLength: 6 }).map((junk) => {
        let i = 0
        return contact.body.replace(/"s":"[^"]*"/g, () => `"s":${JSON.stringify(junk[i++ % junk.length])}`)
      }),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string({ unit: 'binary', maxLength: 2000 }),
      fc.constantFrom('{', '[]', 'null', '{"t":10,"i":0,"a":[]}', contact.body.slice(0, 40), contact.body.replace(/"t":1/g, '"t":99')),
    )
    const requests: Array<{ method: string; path: string; body?: string | Buffer; headers: Record<string, string> }> = []
    for (const body of fc.sample(contactBody, { numRuns: 400, seed })) requests.push({ method: 'POST', path: contact.url, body, headers: contactHeaders })
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', '']) {
      requests.push({ method: 'POST', path: contact.url, body: 'firstName=a&email=b', headers: { ...contactHeaders, 'content-type': contentType } })
    }
    requests.push({ method: 'POST', path: contact.url, body: Buffer.alloc(1024 * 1024, 0x7b), headers: contactHeaders })
    requests.push({ method: 'POST', path: contact.url, body: Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d]), headers: contactHeaders })
    for (const id of fc.sample(fc.string({ maxLength: 80 }).map(encodeURIComponent), { numRuns: 100, seed })) {
      requests.push({ method: 'POST', path: `/_serverFn/${id}`, body: contact.body, headers: contactHeaders })
    }
    const graphqlBody = fc.oneof(
      fc.record({ query: fc.string({ maxLength: 200 }), variables: fc.option(fc.jsonValue()) }).map((b) => JSON.stringify(b)),
      fc.constantFrom('{"query":"{ __typename }"}', '{"query":"{ page(link: 1) { id } }"}', '{"query":"mutation { submitContactForm(input: {}) { id } }"}', `{"query":"${'{ a '.repeat(2000)}"}`),
      fc.string({ maxLength: 500 }),
    )
    for (const body of fc.sample(graphqlBody, { numRuns: 300, seed })) {
      requests.push({ method: 'POST', path: '/graphql', body, headers: { 'content-type': 'application/json' } })
    }
    for (const auth of fc.sample(fc.string({ maxLength: 100 }), { numRuns: 50, seed })) {
      requests.push({ method: 'POST', path: '/api/cache/purge', headers: { authorization: `Bearer ${encodeURIComponent(auth)}` } })
    }
    for (const query of fc.sample(fc.string({ maxLength: 100 }).map(encodeURIComponent), { numRuns: 50, seed })) {
      requests.push({ method: 'GET', path: `/api/captcha/challenge?${query}`, headers: {} })
    }

    const results = await inBatches(
      requests.map((request, i) => ({ ...request, ip: `192.0.2.${i % 250}` })),
      8,
      ({ method, path, body, headers, ip }) => send(method, path, body, { ...headers, 'X-Forwarded-For': ip }),
    )
    expect(results).toHaveLength(requests.length)
    expect(serverErrors(results), `FUZZ_SEED=${seed}`).toEqual([])
    expect((await send('GET', '/healthz')).status).toBe(200)
    expect((await send('GET', '/en/contact')).status).toBe(200)
  })
})
