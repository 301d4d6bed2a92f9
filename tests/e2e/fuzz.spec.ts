import { readdirSync, readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import fc from 'fast-check'
import { toJSONAsync } from 'seroval'
import { careers, demoPages, locales } from './demo-pages'
import { serverFunctionIds } from './server-functions'
import { tier } from './tiers'

/**
 * Generated junk against the running app, no browser: a few thousand odd paths,
 * then payloads for every server function and public endpoint. No request may
 * get a 5xx or go unanswered, and the server must serve normally afterwards.
 *
 * Reproducible: the same seed sends the same requests. The default is fixed;
 * FUZZ_SEED=<n> replays a run (the seed is in every failure message) and
 * FUZZ_SEED=random draws a new one.
 */
const seed = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_123)
const replay = `FUZZ_SEED=${seed} npx playwright test tests/e2e/fuzz.spec.ts`
const concurrency = 16
const requestTimeoutMs = 10_000

interface Probe {
  method: string
  /** The request target exactly as sent: node:http sends it as is (fetch would normalise `..` and escapes). */
  target: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** A whole request sent over a bare socket: bytes that node:http refuses to send. */
  raw?: Buffer
}

interface Outcome {
  probe: Probe
  status: number
  /** No (complete) answer: timeout, reset, or the test could not send it. */
  problem?: string
}

function sendRaw(origin: URL, probe: Probe, raw: Buffer): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false
    let head = ''
    const socket = connect(Number(origin.port), origin.hostname)
    const done = (status: number, problem?: string) => {
      if (settled) return
      settled = true
      socket.destroy()
      resolve({ probe, status, problem })
    }
    socket.setTimeout(requestTimeoutMs, () => done(0, 'timeout'))
    socket.on('connect', () => socket.write(raw))
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1')
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]
      if (status) done(Number(status))
      else if (head.length >= 12) done(0, `not an HTTP response: ${JSON.stringify(head.slice(0, 40))}`)
    })
    socket.on('error', (error) => done(0, error.message))
    socket.on('close', () => done(0, 'connection closed without a response'))
  })
}

function send(origin: URL, probe: Probe): Promise<Outcome> {
  if (probe.raw) return sendRaw(origin, probe, probe.raw)
  return new Promise((resolve) => {
    let settled = false
    let answered: number | undefined
    const done = (status: number, problem?: string) => {
      if (settled) return
      settled = true
      resolve({ probe, status, problem })
    }
    let request: ReturnType<typeof httpRequest>
    try {
      request = httpRequest(
        { host: origin.hostname, port: origin.port, method: probe.method, path: probe.target, headers: probe.headers, agent: false },
        (response) => {
          answered = response.statusCode ?? 0
          response.on('data', () => {})
          response.on('end', () => done(answered ?? 0))
          response.on('error', (error) => done(answered ?? 0, `response broke off: ${error.message}`))
        },
      )
    } catch (error) {
      done(0, `the test could not send this request: ${String(error)}`)
      return
    }
    request.setTimeout(requestTimeoutMs, () => request.destroy(new Error('timeout')))
    // The server may answer (say 413 or 400) and close before a large body is sent: that is an answer.
    request.on('error', (error) => (answered === undefined ? done(0, error.message) : done(answered)))
    request.end(probe.body)
  })
}

/** Sends every probe, at most `concurrency` at a time. */
async function sendAll(origin: URL, probes: ReadonlyArray<Probe>): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < probes.length) {
        const probe = probes[next++] as Probe
        outcomes.push(await send(origin, probe))
      }
    }),
  )
  return outcomes
}

/** Long runs of one character shortened, long texts cut: failure messages stay readable. */
function abbreviate(text: string, max = 240): string {
  const squeezed = text.replace(/(.)\1{24,}/gsu, (run: string, char: string) => `${char}{×${run.length}}`)
  return squeezed.length > max ? `${squeezed.slice(0, max)}… (${text.length} chars)` : squeezed
}

function describeOutcome({ probe, status, problem }: Outcome): string {
  const request = probe.raw
    ? `raw ${JSON.stringify(abbreviate(probe.raw.toString('latin1').split('\r\n')[0] ?? ''))}`
    : `${probe.method} ${abbreviate(probe.target)}`
  const headers = Object.entries(probe.headers ?? {})
    .filter(([name]) => /content-type|cookie|accept-language|authorization/i.test(name))
    .map(([name, value]) => `${name}: ${abbreviate(value, 80)}`)
  const body = probe.body === undefined ? [] : [`body: ${abbreviate(JSON.stringify(probe.body.toString()), 160)}`]
  return [`${status || 'no answer'}${problem ? ` (${problem})` : ''} ${request}`, ...headers, ...body].join(' | ')
}

function expectNoServerErrors(outcomes: ReadonlyArray<Outcome>, sent: number) {
  expect(outcomes).toHaveLength(sent)
  // How the server answered (in the report): a fuzz that only ever meets one early 400 tests little.
  const statuses: Record<string, number> = {}
  for (const { status } of outcomes) statuses[status] = (statuses[status] ?? 0) + 1
  test.info().annotations.push({ type: 'statuses', description: JSON.stringify(statuses) })
  const failures = outcomes.filter((outcome) => outcome.problem !== undefined || outcome.status >= 500)
  const shown = failures.slice(0, 40).map(describeOutcome)
  if (failures.length > shown.length) shown.push(`… and ${failures.length - shown.length} more`)
  expect(shown, `${failures.length} of ${sent} requests got a 5xx or no answer. Replay: ${replay}`).toEqual([])
}

/** The server still answers normally: health check and the home page. */
async function expectServerStillServes(origin: URL) {
  const health = await fetch(new URL('/healthz', origin))
  expect(health.status, 'GET /healthz after the fuzz').toBe(200)
  const home = await fetch(new URL('/', origin), { headers: { accept: 'text/html', 'accept-language': 'nl' } })
  expect(home.status, 'GET / after the fuzz').toBe(200)
  expect(await home.text()).toContain('</html>')
}

/** Every byte outside the unreserved set percent-encoded (lone surrogates become U+FFFD's bytes). */
function percentEncode(text: string): string {
  let encoded = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte)
    encoded += /[A-Za-z0-9._~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return encoded
}

/** Header values node:http accepts: tab and printable ASCII. */
const headerValue = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((text) => text.replace(/[^\t\x20-\x7e]/g, '')),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(percentEncode),
  fc.constantFrom(
    '',
    '*',
    'en-US,en;q=0.9',
    'xx;q=abc',
    'nl;q=2, de;q=-1',
    ';;;,,,',
    'x'.repeat(4000),
    'en-'.repeat(500),
    'de-DE-1996-x-private',
  ),
)

// ---------------------------------------------------------------- paths

/** The localized URL segments (news, privacy, ...) of every language, from the route catalogs. */
function localizedSegmentPaths(): string[] {
  const paths: string[] = []
  for (const locale of readdirSync('app/locales')) {
    const catalog = readFileSync(join('app/locales', locale, 'routes.po'), 'utf8')
    for (const [, segment] of catalog.matchAll(/msgid "segment\.\w+"\nmsgstr "([^"]+)"/g)) {
      paths.push(locale === 'nl' ? `/${segment}` : `/${locale}/${segment}`)
    }
  }
  return paths
}

const knownPaths = [
  ...Object.values(demoPages).flatMap((page) => Object.values(page)),
  ...Object.values(careers),
  ...localizedSegmentPaths(),
  '/en/news/private-lease-without-deposit',
  '/nieuws/private-lease-zonder-aanbetaling',
  // Odd locales.
  '/xx',
  '/EN',
  '/en-US',
  '/en_US',
  '/nl',
  '/da/',
  '/NL',
  '/de-DE',
  '/zh-Hant-TW',
  // Not pages.
  '/api',
  '/api/v1',
  '/api/global',
  '/api/captcha/challenge',
  '/api/cache/purge',
  '/graphql',
  '/healthz',
  '/builds/latest.json',
  '/builds/meta/x.json',
  '/builds/meta/../latest.json',
  '/media/_/640/hero-home.webp.avif',
  '/media/_/641/hero-home.webp.avif',
  '/.well-known/security.txt',
  '/manifest.webmanifest',
  '/sitemap.xml',
  '/robots.txt',
  '/_serverFn',
  '/assets',
  '/media',
  '/favicon.ico',
]

const oddSegment = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 }).map(percentEncode),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(percentEncode),
  fc.stringMatching(/^[a-z0-9-]{1,30}$/),
  // Traversal and encoded slashes.
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2E%2E',
    '.%2e',
    '%2e%2e%2f',
    '..%2F..%2F',
    '%2F',
    '%2f',
    '%5C',
    '%5c',
    '\\',
    '..\\..',
    '%252F',
    '%252e%252e',
  ),
  // Malformed or dangerous escapes.
  fc.constantFrom('%', '%%', '%zz', '%E0%A4%A', '%c0%af', '%ff%fe', '%00', '%0a', '%0d%0a', '%ed%a0%80', '%F4%90%80%80'),
  fc.constantFrom('~', ';', ';jsessionid=1', '@', ':', '*', '$', '!', "'", '(', ')', '+', ',', '=', '&', 'index.html', 'robots.txt'),
  fc.constantFrom('xx', 'EN', 'en-US', 'en_US', 'nl', 'da', 'NL-nl', 'x-klingon', '~news', '$', '_serverFn'),
  // Very long segments, up to 8 KB.
  fc
    .tuple(fc.integer({ min: 150, max: 8192 }), fc.constantFrom('a', '%C3%A9', '-', '.', '%2F'))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length))),
)

const queryString = fc
  .dictionary(fc.string({ maxLength: 10 }).map(percentEncode), fc.string({ unit: 'grapheme', maxLength: 30 }).map(percentEncode), {
    maxKeys: 4,
  })
  .map(
    (params) =>
      `?${Object.entries(params)
        .map(([key, value]) => `${key}=${value}`)
        .join('&')}`,
  )

const tail = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 3, arbitrary: fc.constantFrom('/', '//', '/.', '?', '??', '?&', '?=', '#frag', '?q=%ZZ', '?%', '?payload=%7B', '?locale=xx') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('?page=0', '?page=-1', '?page=1e9', '?page=NaN', '?page=2&page=3', '?a[]=1&a[b]=2', `?${'x='.repeat(1000)}`),
  },
  { weight: 2, arbitrary: queryString },
)

const pathTarget = fc.oneof(
  {
    weight: 20,
    arbitrary: fc
      .tuple(fc.constantFrom('', ...knownPaths), fc.array(oddSegment, { maxLength: 5 }), fc.constantFrom('/', '/', '/', '//'), tail)
      .map(([prefix, segments, separator, end]) => {
        const path = `${prefix.replace(/\/$/, '')}${segments.map((segment) => separator + segment).join('')}` || '/'
        return `${path}${end}`
      }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '//',
      '///',
      '//evil.example',
      '//evil.example/%2e%2e',
      '/%2F%2Fevil.example',
      '/\\evil.example',
      '/%5C%5Cevil.example',
      '/.env',
      '/.git/config',
      '/wp-login.php',
      '/%2e%2e/%2e%2e/etc/passwd',
    ),
  },
)

const cookieHeader = fc
  .array(
    fc.tuple(
      fc.constantFrom('lang', 'auth_token', 'consent', 'x'),
      headerValue.map((value) => value.replace(/[;,]/g, '')),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((cookies) => cookies.map(([name, value]) => `${name}=${value}`).join('; '))

const pathProbe: fc.Arbitrary<Probe> = fc
  .record({
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant('GET') },
      { weight: 3, arbitrary: fc.constant('HEAD') },
      { weight: 3, arbitrary: fc.constant('POST') },
      { weight: 2, arbitrary: fc.constantFrom('OPTIONS', 'PUT', 'DELETE', 'PATCH', 'TRACE') },
    ),
    target: pathTarget,
    headers: fc.record(
      {
        accept: fc.constantFrom('text/html', '*/*', 'application/json', 'text/html;q=abc'),
        'accept-language': headerValue,
        cookie: cookieHeader,
        'if-none-match': headerValue,
      },
      { requiredKeys: [] },
    ),
    body: fc.constantFrom('x=1', 'firstName=%00&email=a', '{"a":', ''),
  })
  .map(({ method, target, headers, body }) =>
    method === 'POST' || method === 'PUT' ? { method, target, headers, body } : { method, target, headers },
  )

/** Request lines node:http will not send: raw UTF-8 and Latin-1 bytes, spaces, absolute targets. */
const rawProbe: fc.Arbitrary<Probe> = fc
  .tuple(
    fc.constantFrom('GET', 'HEAD', 'POST', 'get', 'BREW'),
    fc.oneof(
      fc
        .tuple(
          fc.constantFrom('/', '/en/', '/nieuws/', '/en/news/', '/_serverFn/', '/api/'),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
        )
        .map(([prefix, text]) => Buffer.concat([Buffer.from(prefix), Buffer.from(text.replace(/[\s\p{Cc}]/gu, ''), 'utf8')])),
      fc
        .uint8Array({ minLength: 1, maxLength: 20 })
        .map((bytes) => Buffer.concat([Buffer.from('/'), Buffer.from(bytes.filter((byte) => byte > 0x20 && byte !== 0x7f))])),
      fc.constantFrom('*', 'http://evil.example/', 'http://127.0.0.1/en', '/a b', '/%', 'en', '').map((target) => Buffer.from(target)),
    ),
  )
  .map(([method, target]) => ({
    method,
    target: target.toString('latin1'),
    raw: Buffer.concat([
      Buffer.from(`${method} `),
      target,
      Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nConnection: close\r\n\r\n'),
    ]),
  }))

// ---------------------------------------------------------------- server functions and endpoints

const junkText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 120 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\ud800',
      '<script>alert(1)</script>',
      "'; DROP TABLE submissions; --",
      '../../etc/passwd',
      '${7*7}',
      '\r\nSet-Cookie: x=1',
      '/',
      '//evil.example',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 201, max: 60_000 }), fc.constantFrom('a', 'ż', '/')).map(([length, unit]) => unit.repeat(length)),
  },
)

/** Any value seroval can carry: Maps, Sets, Dates, bigints, typed arrays, sparse arrays, null prototypes, ... */
const junkValue = fc.oneof(
  { weight: 3, arbitrary: junkText },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.bigInt()) },
  {
    weight: 1,
    arbitrary: fc.anything({
      maxDepth: 2,
      withMap: true,
      withSet: true,
      withDate: true,
      withBigInt: true,
      withTypedArray: true,
      withSparseArray: true,
      withNullPrototype: true,
    }),
  },
)

const localeValue = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...locales) }, { weight: 1, arbitrary: junkValue })

/** A captcha payload: the widget's shape around a real challenge, altered. */
function captchaPayload(challenge: unknown) {
  return fc
    .record({
      challenge: fc.oneof(
        { weight: 3, arbitrary: fc.constant(challenge) },
        {
          weight: 2,
          arbitrary: fc
            .dictionary(fc.constantFrom('algorithm', 'cost', 'keyLength', 'nonce', 'salt', 'expiresAt', 'keyPrefix'), junkValue)
            .map((parameters) => ({ parameters, signature: 'ab' })),
        },
        { weight: 1, arbitrary: junkValue },
      ),
      solution: fc.record(
        { counter: fc.oneof(fc.nat(), junkValue), derivedKey: fc.oneof(fc.stringMatching(/^[0-9a-f]{0,64}$/), junkValue) },
        { requiredKeys: [] },
      ),
    })
    .map((payload) => {
      try {
        return Buffer.from(JSON.stringify(payload) ?? '').toString('base64')
      } catch {
        return 'not-json'
      }
    })
}

function serverFunctionData(challenge: unknown) {
  const contact = fc.record(
    {
      firstName: fc.oneof(fc.constant('Zoë'), junkValue),
      surName: fc.oneof(fc.constant('Łukasz-Søren'), junkValue),
      email: fc.oneof(fc.constant('fuzz@example.com'), fc.emailAddress(), junkValue),
      message: fc.oneof(fc.constant('Graag een offerte.'), junkValue),
      locale: localeValue,
      website: fc.oneof(fc.constant(''), junkValue),
      captcha: fc.oneof(captchaPayload(challenge), junkValue),
      idempotencyKey: fc.oneof(fc.uuid(), junkValue),
    },
    { requiredKeys: [] },
  )
  const cms = fc.record(
    {
      locale: localeValue,
      link: fc.oneof(
        fc.constantFrom('/', '/over-ons', '/en/about-us'),
        junkText.map((text) => `/${text}`),
        junkValue,
      ),
      slug: fc.oneof(fc.constantFrom('private-lease-without-deposit', 'private-lease-zonder-aanbetaling'), junkText, junkValue),
      page: fc.oneof(fc.integer(), fc.double(), junkValue),
    },
    { requiredKeys: [] },
  )
  return fc.record(
    {
      data: fc.oneof({ weight: 2, arbitrary: contact }, { weight: 2, arbitrary: cms }, { weight: 1, arbitrary: junkValue }),
      context: junkValue,
    },
    { requiredKeys: ['data'] },
  )
}

/** Replaces the n-th match (modulo the number of matches) of a global pattern. */
function replaceNth(text: string, pattern: RegExp, n: number, replacement: string): string {
  const matches = [...text.matchAll(pattern)]
  const match = matches[n % Math.max(1, matches.length)]
  if (!match || match.index === undefined) return text
  return text.slice(0, match.index) + replacement + text.slice(match.index + match[0].length)
}

/** Changes to a well-formed seroval envelope: unknown node types, dangling references, truncation, not seroval at all. */
const envelopeMutation: fc.Arbitrary<(json: string) => string> = fc.oneof(
  { weight: 6, arbitrary: fc.constant((json: string) => json) },
  fc.tuple(fc.nat(), fc.integer({ min: -1, max: 64 })).map(
    ([n, type]) =>
      (json: string) =>
        replaceNth(json, /"t":\d+/g, n, `"t":${type}`),
  ),
  fc.tuple(fc.nat(), fc.integer({ min: -5, max: 1_000_000 })).map(
    ([n, index]) =>
      (json: string) =>
        replaceNth(json, /"i":\d+/g, n, `"i":${index}`),
  ),
  fc.tuple(fc.nat(), fc.constantFrom('null', '{}', '[]', '1e999', '"$TSR/Error"', '{"t":4,"i":99}')).map(
    ([n, junk]) =>
      (json: string) =>
        replaceNth(json, /"[spkvac]":/g, n, `"s":${junk},"x":`),
  ),
  fc.tuple(fc.nat(), fc.constantFrom('"$TSR/Error"', '"$TSR/t/x"', '"seroval-plugins/web/URL"', '"__proto__"')).map(
    ([n, tag]) =>
      (json: string) =>
        replaceNth(json, /"t":\d+/g, n, `"t":25,"c":${tag},"s":{}`),
  ),
  fc.nat().map((n) => (json: string) => json.slice(0, n % (json.length + 1))),
  fc.jsonValue().map((value) => () => JSON.stringify(value) ?? ''),
  fc.string({ unit: 'binary', maxLength: 120 }).map((text) => () => text),
)

const serverFunctionTransport = fc.record({
  method: fc.oneof(
    { weight: 5, arbitrary: fc.constant('POST') },
    { weight: 5, arbitrary: fc.constant('GET') },
    { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH') },
  ),
  contentType: fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/x-tss-framed',
        'application/x-ndjson',
      ),
    },
  ),
  crossSite: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
})

/** Seroval arrays nested `depth` deep: `{ data: [[[...]]] }`. */
function deeplyNestedEnvelope(depth: number): string {
  const open = Array.from({ length: depth }, (_, i) => `{"t":9,"i":${i + 2},"l":1,"a":[`).join('')
  return `{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[${open}${']}'.repeat(depth)}]},"o":0},"f":63,"m":[]}`
}

function multipart(boundary: string, fields: Record<string, string>): string {
  return `${Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('')}--${boundary}--\r\n`
}

const invalidUtf8 = Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d])

const graphqlQuery = fc.oneof(
  fc.constantFrom(
    'query ($link: String!, $locale: String!) { readOnePage(link: $link, locale: $locale) { __typename } }',
    'query ($slug: String!, $locale: String!) { readOneNewsItem(slug: $slug, locale: $locale) { __typename } }',
    'query ($locale: String!, $limit: Int, $offset: Int) { readNewsItems(locale: $locale, limit: $limit, offset: $offset) { totalCount } }',
    'query ($locale: String!) { readSiteConfig(locale: $locale) { __typename } readNavigation(locale: $locale) { __typename } readLocations(locale: $locale) { __typename } readPages(locale: $locale) { __typename } }',
    'mutation ($input: ContactFormInput!) { submitContactForm(input: $input) { __typename } }',
    '{ __schema { types { name } } }',
    `{ ${'a {'.repeat(3000)} b ${'}'.repeat(3000)} }`,
    `{ ${Array.from({ length: 300 }, (_, i) => `a${i}: readLocations(locale: "nl_NL") { __typename }`).join(' ')} }`,
  ),
  junkText,
)

const graphqlVariables = fc.oneof(
  fc.record(
    {
      link: junkValue,
      slug: junkValue,
      locale: fc.oneof(fc.constantFrom('nl_NL', 'en_US', 'xx'), junkValue),
      limit: fc.oneof(fc.integer(), fc.double(), junkValue),
      offset: fc.oneof(fc.integer(), junkValue),
      input: fc.oneof(fc.object(), junkValue),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
)

/** JSON.stringify that cannot throw (bigints, cycles): junk values stay junk. */
function toJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)) ?? 'null'
  } catch {
    return '{}'
  }
}

const endpointProbe: fc.Arbitrary<Probe> = fc.oneof(
  // GraphQL over HTTP: POST JSON, GET with query parameters.
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.record({ query: graphqlQuery, variables: graphqlVariables, operationName: junkText }, { requiredKeys: ['query'] }),
        fc.boolean(),
        fc.constantFrom('application/json', 'application/graphql-response+json', 'text/plain', ''),
      )
      .map(([body, asGet, contentType]): Probe => {
        if (asGet) {
          const query = Object.entries(body)
            .map(([key, value]) => `${key}=${percentEncode(typeof value === 'string' ? value : toJson(value))}`)
            .join('&')
          return { method: 'GET', target: `/graphql?${query}`, headers: { accept: 'application/json' } }
        }
        return { method: 'POST', target: '/graphql', headers: { 'content-type': contentType }, body: toJson(body) }
      }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('GET', 'HEAD', 'POST'),
        fc.oneof(
          localeValue.map((value) => percentEncode(typeof value === 'string' ? value : toJson(value))),
          queryString,
        ),
      )
      .map(([method, locale]) => ({
        method,
        target: locale.startsWith('?') ? `/api/global${locale}` : `/api/global?locale=${locale}`,
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('POST', 'GET', 'PUT'),
        fc.oneof(
          headerValue.map((secret) => `Bearer ${secret}`),
          headerValue,
        ),
        junkText,
      )
      .map(([method, authorization, body]) => ({
        method,
        target: '/api/cache/purge',
        headers: { authorization },
        body: method === 'GET' ? undefined : body,
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('GET', 'POST', 'HEAD', 'DELETE'), fc.oneof(fc.constant(''), queryString))
      .map(([method, query]) => ({ method, target: `/api/captcha/challenge${query}` })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), fc.array(oddSegment, { maxLength: 3 }), junkText)
      .map(([method, segments, body]) => ({
        method,
        target: `/api/v1/${segments.join('/')}`,
        headers: { 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : toJson({ junk: body }),
      })),
  },
  // Form posts to pages and to the other routes.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...knownPaths.slice(0, 40), '/healthz', '/builds/latest.json', '/sitemap.xml', '/robots.txt'),
        fc.dictionary(fc.constantFrom('firstName', 'email', 'message', 'captcha', 'locale', '_method', 'payload'), junkText),
        fc.constantFrom('application/x-www-form-urlencoded', 'multipart/form-data; boundary=fuzz', 'application/json', 'text/plain'),
      )
      .map(([target, fields, contentType]) => ({
        method: 'POST',
        target,
        headers: { 'content-type': contentType },
        body: contentType.startsWith('multipart')
          ? multipart('fuzz', fields)
          : contentType.endsWith('urlencoded')
            ? new URLSearchParams(fields).toString()
            : toJson(fields),
      })),
  },
)

/** Bodies no generator above makes: huge, invalid UTF-8, broken multipart, deeply nested. */
function fixedBodyProbes(target: string, headers: Record<string, string>): Probe[] {
  const json = { ...headers, 'content-type': 'application/json' }
  return [
    { method: 'POST', target, headers: json, body: Buffer.alloc(1024 * 1024, '{') },
    { method: 'POST', target, headers: json, body: `{"t":{"t":1,"s":"${'x'.repeat(1024 * 1024)}"},"f":63,"m":[]}` },
    { method: 'POST', target, headers: json, body: invalidUtf8 },
    { method: 'POST', target, headers: json, body: deeplyNestedEnvelope(20_000) },
    { method: 'POST', target, headers: json, body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
    { method: 'POST', target, headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' }, body: 'garbage' },
    {
      method: 'POST',
      target,
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=fuzz' },
      body: multipart('fuzz', { firstName: 'Zoë', email: 'fuzz@example.com' }),
    },
    {
      method: 'POST',
      target,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'firstName=%E0%A4%A&email=%',
    },
    { method: 'POST', target, headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: 'not gzip' },
    { method: 'GET', target: `${target}?payload=${percentEncode(deeplyNestedEnvelope(2000))}`, headers },
  ]
}

/**
 * The contact form's plain post (no JavaScript), past the CSRF check (same-origin headers) so the
 * bodies reach the form handling: known and junk field names, junk values, broken escapes and
 * charsets, multipart with odd boundaries, captcha payloads around a real challenge.
 */
function contactFormPosts(challenge: unknown): fc.Arbitrary<Probe> {
  const fieldName = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('contactForm', 'firstName', 'surName', 'email', 'message', 'phone', 'subject', 'location') },
    { weight: 2, arbitrary: fc.constantFrom('altcha', 'captcha', 'website', 'idempotencyKey', 'locale') },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'contactForm[]', '', 'firstName ') },
    { weight: 1, arbitrary: junkText },
  )
  const fieldValue = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom('contact-form', 'Zoë', 'zoe@example.com', '+31 6 1234 5678', 'service', 'utrecht-dealer', 'Hallo\r\nDaar'),
    },
    { weight: 4, arbitrary: junkText },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: captchaPayload(challenge) },
  )
  const valid: Array<[string, string]> = [
    ['contactForm', 'contact-form'],
    ['firstName', 'Zoë'],
    ['surName', 'de Vries'],
    ['email', 'fuzz@example.com'],
    ['message', 'Hallo'],
  ]
  // Half start from a valid fill, so changes to it reach the captcha and the stages after it.
  const fields = fc
    .tuple(fc.boolean(), fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 14 }))
    .map(([fromValid, pairs]) => (fromValid ? [...valid, ...pairs.filter(([name]) => !valid.some(([known]) => known === name))] : pairs))
  const body = fc.oneof(
    {
      weight: 5,
      arbitrary: fields.map((pairs) => ({ type: 'application/x-www-form-urlencoded', body: new URLSearchParams(pairs).toString() })),
    },
    {
      weight: 2,
      // Escapes as a broken client might write them: lone %, invalid UTF-8, raw bytes.
      arbitrary: fc
        .tuple(fields, fc.constantFrom('%', '%zz', '%E0%A4%A', '%ff%fe', '%00', '%ED%A0%80', '+%2B', '&&&', '=', '\u00e9'))
        .map(([pairs, junk]) => ({
          type: 'application/x-www-form-urlencoded; charset=iso-8859-1',
          body: `contactForm=contact-form&${pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}${junk}`).join('&')}`,
        })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fields, fc.constantFrom('fuzz', 'x', '----WebKitFormBoundary7MA4YWxkTrZu0gW', ''), fc.constantFrom('fuzz', 'x', 'other'))
        .map(([pairs, declared, used]) => ({
          type: `multipart/form-data; boundary=${declared}`,
          body: multipart(used, Object.fromEntries(pairs)),
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 300 })
        .map((bytes) => ({ type: 'application/x-www-form-urlencoded', body: Buffer.from(bytes) })),
    },
  )
  return fc
    .tuple(
      fc.constantFrom(
        ...Object.values(demoPages.contact),
        '/over-ons',
        '/no-such-page',
        '/contact/',
        '/en/contact?location=utrecht-dealer',
      ),
      body,
      fc.constantFrom('text/html', '*/*', 'application/json'),
    )
    .map(([target, { type, body: payload }, accept]) => ({
      method: 'POST',
      target,
      // The origin is the server's, set by the test.
      headers: { 'content-type': type, 'sec-fetch-site': 'same-origin', accept },
      body: payload,
    }))
}

/**
 * npm test sends the first part of each generated sample (the same seed gives the same prefix);
 * test:full the rest (ADR 037): every generator and every fixed probe runs in npm test.
 */
function part<T>(all: ReadonlyArray<T>, sampleSize: number, sample: boolean): T[] {
  return sample ? all.slice(0, sampleSize) : all.slice(sampleSize)
}

test.describe('fuzz: no 5xx, and the server serves on', () => {
  test.beforeEach(() => {
    test.info().annotations.push({ type: 'FUZZ_SEED', description: `${seed} (replay: ${replay})` })
  })

  for (const sample of [true, false]) {
    test(
      `${sample ? 'the first 500' : 'the other 2000'} of 2500 generated paths, methods and headers, and ${sample ? 'the first 50' : 'the other 100'} of 150 raw request lines`,
      tier(sample),
      async ({ baseURL }) => {
        test.setTimeout(90_000)
        const origin = new URL(baseURL ?? '')
        const probes = [
          ...part(fc.sample(pathProbe, { numRuns: 2500, seed }), 500, sample),
          ...part(fc.sample(rawProbe, { numRuns: 150, seed }), 50, sample),
        ].map((probe, i) => ({
          ...probe,
          // Its own address per request: the rate limits would otherwise turn much of this into 429s.
          headers: probe.headers && { ...probe.headers, 'x-forwarded-for': `198.51.${(i >> 8) & 255}.${i & 255}` },
        }))
        expectNoServerErrors(await sendAll(origin, probes), probes.length)
        await expectServerStillServes(origin)
      },
    )
  }

  for (const sample of [true, false]) {
    test(
      `${sample ? 'the first 100' : 'the other 300'} of 400 generated bodies for the contact form’s plain post (no JavaScript)`,
      tier(sample),
      async ({ baseURL }) => {
        test.setTimeout(90_000)
        const origin = new URL(baseURL ?? '')
        const challenge: unknown = await (await fetch(new URL('/api/captcha/challenge', origin))).json()
        const probes = part(fc.sample(contactFormPosts(challenge), { numRuns: 400, seed }), 100, sample).map((probe, i): Probe => ({
          ...probe,
          headers: { ...probe.headers, origin: origin.origin, 'x-forwarded-for': `198.19.${(i >> 8) & 255}.${i & 255}` },
        }))
        if (sample) probes.push(...fixedBodyProbes('/contact', { origin: origin.origin, 'sec-fetch-site': 'same-origin' }))
        const outcomes = await sendAll(origin, probes)
        expectNoServerErrors(outcomes, probes.length)
        // The fuzz reached the form handling: refusals with the page (400, 403), not only early errors.
        const statuses = new Set(outcomes.map((outcome) => outcome.status))
        for (const status of [400, 403, 405]) expect(statuses, `some post answered ${status}`).toContain(status)
        await expectServerStillServes(origin)
      },
    )
  }

  for (const sample of [true, false]) {
    test(
      `${sample ? 'the first quarter of the' : 'the other'} payloads for every server function, GraphQL and the API routes`,
      tier(sample),
      async ({ baseURL }) => {
        test.setTimeout(90_000)
        const origin = new URL(baseURL ?? '')
        const ids = serverFunctionIds()
        expect(ids.length, 'server function ids found in .output/public/assets').toBeGreaterThanOrEqual(5)
        const challenge: unknown = await (await fetch(new URL('/api/captcha/challenge', origin))).json()
        const serverFnHeaders = {
          origin: origin.origin,
          'sec-fetch-site': 'same-origin',
          'x-tsr-serverfn': 'true',
          accept: 'application/x-tss-framed, application/x-ndjson, application/json',
        }

        // Well-formed calls first: the fuzz below must reach the functions, not just a decoding error.
        const wellFormed = await sendAll(
          origin,
          await Promise.all(
            ids.map(async (id) => ({
              method: 'GET',
              target: `/_serverFn/${id}?payload=${percentEncode(JSON.stringify(await toJSONAsync({ data: { locale: 'en' } })))}`,
              headers: serverFnHeaders,
            })),
          ),
        )
        expect(
          wellFormed.filter((outcome) => outcome.status === 200).length,
          'server functions answering a well-formed call with 200',
        ).toBeGreaterThanOrEqual(1)

        const calls = part(
          fc.sample(fc.tuple(fc.constantFrom(...ids), serverFunctionData(challenge), envelopeMutation, serverFunctionTransport), {
            numRuns: 1000,
            seed,
          }),
          250,
          sample,
        )
        const probes: Probe[] = []
        for (const [id, call, mutate, { method, contentType, crossSite }] of calls) {
          let envelope: string
          try {
            envelope = JSON.stringify(await toJSONAsync(call))
          } catch {
            envelope = toJson(call)
          }
          const payload = mutate(envelope)
          const headers = { ...serverFnHeaders, ...(crossSite ? { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } : {}) }
          probes.push(
            method === 'GET' || method === 'HEAD'
              ? { method, target: `/_serverFn/${id}?payload=${percentEncode(payload)}`, headers }
              : { method, target: `/_serverFn/${id}`, headers: { ...headers, 'content-type': contentType }, body: payload },
          )
        }
        if (sample) for (const id of ids) probes.push(...fixedBodyProbes(`/_serverFn/${id}`, serverFnHeaders))
        probes.push(...part(fc.sample(endpointProbe, { numRuns: 800, seed }), 200, sample))
        if (sample)
          for (const target of [
            '/graphql',
            '/api/cache/purge',
            '/api/global',
            '/api/captcha/challenge',
            '/api/v1/x',
            '/en/contact',
            '/healthz',
          ])
            probes.push(...fixedBodyProbes(target, {}))

        const withAddresses = probes.map((probe, i) => ({
          ...probe,
          headers: { ...probe.headers, 'x-forwarded-for': `192.0.${(i >> 8) & 255}.${i & 255}` },
        }))
        expectNoServerErrors(await sendAll(origin, withAddresses), withAddresses.length)
        await expectServerStillServes(origin)
      },
    )
  }
})
