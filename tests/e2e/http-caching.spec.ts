import { createHash } from 'node:crypto'
import { get } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { ChildProcess } from 'node:child_process'
import { expect, test } from './fixtures'
import { absoluteFormStatus, rawRequest } from './raw-http'
import { startServer, stopServer } from './server-process'

const detail = '/en/news/private-lease-without-deposit'

function rawGet(url: string, acceptEncoding: string): Promise<{ encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
    }).on('error', reject)
  })
}

function rawGetHeaders(url: string, acceptEncoding: string): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.headers))
    }).on('error', reject)
  })
}

/** The CSP hash of every executable inline script in a page (data blocks such as JSON-LD left out). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes) && !/type="application\/ld\+json"/.test(attributes))
    .map(([, , text = '']) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`)
}

test.describe('HTML delivery: page cache, hash-based CSP, ETag, compression', () => {
  test('a repeated anonymous page comes from the page cache as the same bytes, its inline scripts allowed by hash', async ({ request }) => {
    // A value of its own for a parameter the page reads (a contact form's location), so this test
    // starts with an empty cache entry (a parameter no page reads would share the plain page's).
    const url = `/en/about-us?location=t-${Date.now()}`
    const first = await request.get(url)
    const second = await request.get(url)
    expect(first.status()).toBe(200)
    expect(first.headers()['x-page-cache']).toBe('MISS')
    expect(second.headers()['x-page-cache']).toBe('HIT')
    const html = await first.text()
    expect(await second.text()).toBe(html)

    const policy = first.headers()['content-security-policy'] ?? ''
    // The render's marker is on every script the router emitted; the policy lists hashes, never a nonce.
    const markers = new Set([...html.matchAll(/<script\b[^>]*\bnonce="([^"]+)"/g)].map((m) => m[1]))
    expect(markers.size).toBe(1)
    expect(policy).not.toContain("'nonce-")
    expect(second.headers()['content-security-policy']).toBe(policy)
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? []
    const hashes = inlineScriptHashes(html)
    expect(hashes.length).toBeGreaterThan(0)
    for (const hash of hashes) expect(scriptSources).toContain(hash)
    // Same page, same validator.
    expect(second.headers()['etag']).toBe(first.headers()['etag'])
    expect(first.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/)
  })

  test('If-None-Match gives 304 without a body, with the policy of the page the browser has', async ({ request }) => {
    const page = await request.get(detail)
    const etag = page.headers()['etag'] ?? ''
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await request.get(detail, { headers: { 'If-None-Match': etag } })
    expect(again.status()).toBe(304)
    expect(again.headers()['content-security-policy']).toBe(page.headers()['content-security-policy'])
    expect(await again.body()).toHaveLength(0)
    const changed = await request.get(detail, { headers: { 'If-None-Match': '"something-else"' } })
    expect(changed.status()).toBe(200)
  })

  test('each render has its own validator, as it has its own policy (ADR 025)', async ({ request }) => {
    // Signed in, so every request renders (as after the cache's TTL, on another worker or instance):
    // on the site reading a remote CMS (E2E_PORT+1), which knows the token (signed-in.server.ts).
    const remote = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`
    const headers = { Cookie: 'auth_token=some-token' }
    const first = await request.get(`${remote}${detail}`, { headers })
    const second = await request.get(`${remote}${detail}`, { headers })
    expect(second.headers()['content-security-policy']).not.toBe(first.headers()['content-security-policy'])
    // A 304 (from us or from a CDN holding the other render) would pair one render's body with
    // the other's policy, which blocks the body's scripts.
    expect(second.headers()['etag']).not.toBe(first.headers()['etag'])
    const revalidated = await request.get(`${remote}${detail}`, { headers: { ...headers, 'If-None-Match': first.headers()['etag'] ?? '' } })
    expect(revalidated.status()).toBe(200)
  })

  test('pages are brotli or gzip compressed as the browser asks; assets are precompressed and immutable', async ({ baseURL }) => {
    const br = await fetch(`${baseURL}${detail}`, { headers: { 'Accept-Encoding': 'br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('etag')).toMatch(/-br"$/)
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/)
    // fetch decodes transparently; read the raw bytes with node:http instead.
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const raw = await rawGet(`${baseURL}${detail}`, encoding)
      expect(raw.encoding).toBe(encoding)
      expect(decode(raw.body).toString()).toContain('<html')
    }

    const html = await (await fetch(`${baseURL}/en`)).text()
    // The entry module, named by the loader that imports it after the first frame (app/server/pages/deferred-entry.ts).
    const script = /<script[^>]+data-entry="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeTruthy()
    const asset = await fetch(`${baseURL}${script}`, { headers: { 'Accept-Encoding': 'br' } })
    expect(asset.headers.get('content-encoding')).toBe('br')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // The plain copy says it depends on the coding too, or a shared cache keeps it for a year for all.
    for (const acceptEncoding of ['identity', 'gzip;q=1.0', 'br']) {
      const copy = await rawGetHeaders(`${baseURL}${script}`, acceptEncoding)
      expect(copy['vary'], acceptEncoding).toMatch(/accept-encoding/i)
    }
  })

  test('icons and the manifest say how long they are fresh, like media', async ({ request }) => {
    for (const path of [
      '/favicon.ico',
      '/favicon.svg',
      '/apple-touch-icon.png',
      '/icon-192.png',
      '/icon-512.png',
      '/manifest.webmanifest',
    ]) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      expect(response.headers()['cache-control'], path).toBe('public, max-age=86400, stale-while-revalidate=604800')
    }
  })

  test('signed-in visitors bypass the page cache and get private pages; a token nobody knows is no one', async ({ request }) => {
    // The site reading a remote CMS (E2E_PORT+1): that CMS answers with the token, so it knows it.
    const remote = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`
    const response = await request.get(`${remote}${detail}`, { headers: { Cookie: 'auth_token=some-token' } })
    expect(response.headers()['x-page-cache']).toBe('BYPASS')
    expect(response.headers()['cache-control']).toBe('private, no-store')
    // The embedded CMS has no visitor accounts: the shared page.
    await request.get(detail)
    const anonymous = await request.get(detail, { headers: { Cookie: 'auth_token=some-token' } })
    expect(anonymous.headers()['x-page-cache']).toBe('HIT')
    expect(anonymous.headers()['cache-control']).toContain('public')
  })

  // Every consent cookie shares the anonymous page: request-handler.server.test.ts, and what the
  // render holds for such a visitor: hostile-traffic.spec.ts.

  test('the purge endpoint needs its secret (off without CACHE_PURGE_SECRET)', async ({ request }) => {
    expect((await request.post('/api/cache/purge')).status()).toBe(404)
    expect((await request.get('/api/cache/purge')).status()).toBe(405)
  })

  // Merged with hostile-traffic's "every kind of response" (the same headers twice, on two servers).
  test('every kind of response carries the security headers, pages the full policy; redirects never use Host', async ({ baseURL }) => {
    const site = baseURL ?? ''
    // Asked as the probe asks (node:http, no Accept-Encoding), so the validator is the one it revalidates.
    const etag = (await rawRequest(`${site}/over-ons`, {})).headers.etag ?? ''
    const probes: Array<[string, string, RequestInit]> = [
      ['page', '/', {}],
      ['news detail', detail, {}],
      ['404 page', '/en/no-such-page', {}],
      ['304', '/over-ons', { headers: { 'if-none-match': etag } }],
      ['static asset', '/favicon.svg', {}],
      ['media', '/media/hero-home.webp', {}],
      ['missing asset', '/assets/nope.js', {}],
      ['// redirect', '//over-ons', { redirect: 'manual' }],
      ['legacy redirect', '/nl/over-ons', { redirect: 'manual' }],
      ['405', '/over-ons', { method: 'DELETE' }],
      ['413', '/graphql', { method: 'POST', body: 'x'.repeat(70_000), headers: { 'content-type': 'application/json' } }],
      ['414', `/${'a'.repeat(5000)}`, {}],
      ['JSON API', '/api/global', {}],
      ['421', '/over-ons', { headers: { host: 'evil.example' } }],
    ]
    for (const [name, path, init] of probes) {
      let response = await rawRequest(`${site}${path}`, init)
      // The page may change between two requests (the first worker still making the content's
      // image variants, ADR 028): a 200 names the current validator, so revalidate with that one.
      for (let tries = 0; name === '304' && response.status === 200 && tries < 3; tries++) {
        response = await rawRequest(`${site}${path}`, { headers: { 'if-none-match': response.headers.etag ?? '' } })
      }
      const headers = response.headers
      expect(headers['content-security-policy'], name).toBeTruthy()
      expect(headers['x-content-type-options'], name).toBe('nosniff')
      expect(headers['x-frame-options'], name).toBe('DENY')
      expect(headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin')
      if (name === '304') expect(response.status, name).toBe(304)
      if (name === '421') expect(response.status).toBe(421)
      if (name.endsWith('redirect')) {
        expect(response.status, name).toBe(301)
        expect(headers.location, name).toMatch(/^\/[^/]/)
      }
      if (!['page', 'news detail', '404 page'].includes(name)) continue
      const policy = headers['content-security-policy'] ?? ''
      expect(policy, name).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/)
      expect(policy, name).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ]) {
        expect(policy, name).toContain(directive)
      }
      expect(headers['cross-origin-opener-policy'], name).toBe('same-origin')
      expect(headers['cross-origin-resource-policy'], name).toBe('same-origin')
      expect(headers['permissions-policy'], name).toContain('camera=()')
    }
    // `//evil.example/x` stays on this site.
    const slashes = await rawRequest(`${site}//evil.example/x`, { headers: { host: 'evil.example' } })
    expect(slashes.status).toBe(421)
    const own = await rawRequest(`${site}//evil.example/x`, {})
    expect(own.headers.location).toBe('/evil.example/x')
    // A request line in absolute form names its own host, whatever the Host header says.
    expect(await absoluteFormStatus(Number(new URL(site).port), 'http://evil.example/over-ons')).toBe(421)
  })
})

test.describe('the 404 page for random paths: a template with the path filled in', () => {
  // The same build without a page cache: every 404 there is a full render, the reference.
  // It answers as the site (same SITE_URL, so the same host is allowed and every absolute URL matches).
  const site = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`
  const renderedPort = Number(process.env.E2E_PORT ?? 3210) + 75
  let rendered: ChildProcess | undefined
  test.beforeAll(async () => {
    rendered = await startServer(renderedPort, { PAGE_CACHE_TTL: '0', SITE_URL: site })
  })
  test.afterAll(async () => {
    if (rendered) await stopServer(rendered)
  })

  /** The page without what differs between any two renders: script markers and timestamps. */
  const comparable = (html: string) =>
    html
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      .replace(/<meta property="csp-nonce" content="[^"]*"/, '<meta property="csp-nonce" content=""')
      .replace(/\b(u|dehydratedAt|dataUpdatedAt):\d+/g, '$1:0')

  test('is the page a render gives, in every language, gzipped, with its scripts allowed by hash', async ({ baseURL }) => {
    for (const path of [
      '/zz-gone-page',
      '/en/old/catalogue.html',
      '/de/a-b_c/d/e',
      '/fr/x',
      '/da/y.z',
      // A news item and a location nobody has: their routes' own 404 pages.
      '/nieuws/zz-gone-item',
      '/de/nachricht/zz-gone-item',
      '/vestigingen/zz-gone-dealer',
      '/en/locations/zz-gone-dealer',
      // Any query (then the page's own language link is not the current page), odd and encoded characters.
      '/zz-gone-page?a',
      '/en/zz-gone?utm_source=x&country=de&location=x',
      '/nieuws/zz-gone-item?a=%E0',
      '/vestigingen/zz-gone-dealer?x=1',
      '/nope~zz!a*(b)',
      '/de/zz-caf%C3%A9/s%C3%BCd%3Ax%40y',
      '/fr/actualites/zz-%C3%A9t%C3%A9',
      '/de/nachricht/zz-%C3%BCber?x',
    ]) {
      const served = await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': 'gzip, br' } })
      expect(served.status, path).toBe(404)
      expect(served.headers.get('x-page-cache'), path).toBe('SHELL')
      expect(served.headers.get('content-encoding'), path).toBe('gzip')
      const html = await served.text()
      expect(html, path).toContain(`${new URL(path, site).pathname}</p>`)
      const policy = served.headers.get('content-security-policy') ?? ''
      for (const hash of inlineScriptHashes(html)) expect(policy, path).toContain(hash)

      const reference = await new Promise<string>((resolve, reject) => {
        get({ host: '127.0.0.1', port: renderedPort, path, headers: { host: new URL(site).host } }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => resolve(Buffer.concat(chunks).toString()))
        }).on('error', reject)
      })
      expect(comparable(html), path).toBe(comparable(reference))
    }
  })

  test('HEAD has the length GET sends; paths it cannot fill in, and real pages, are rendered', async ({ request, baseURL }) => {
    const head = await fetch(`${baseURL}/zz-head-check`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } })
    const body = await (await fetch(`${baseURL}/zz-head-check`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()
    expect(head.status).toBe(404)
    expect(Number(head.headers.get('content-length'))).toBe(body.byteLength)
    for (const path of [
      '/zz%20gone',
      '/zz%7Egone',
      "/zz'gone",
      '/Over-Ons',
      '/over-ons?x=1',
      '/nieuws/feed.xml',
      '/vestigingen/Zz-Gone',
      '/over-ons/',
    ]) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.headers()['x-page-cache'] ?? '', path).not.toBe('SHELL')
    }
    expect((await request.get('/over-ons')).status()).toBe(200)
  })

  test('hydrates like any page: no blocked script, and its links navigate in the app', async ({ page, consoleGuard }) => {
    // The document itself is a 404.
    consoleGuard.allow(/status of 404/)
    await page.goto('/zz-hydrate/check')
    await page.locator('html[data-hydrated="true"]').waitFor()
    await page.evaluate(() => Reflect.set(window, 'sameDocument', true))
    await page.locator('main a[href="/"]').first().click()
    await expect(page).toHaveURL(/\/$/)
    expect(await page.evaluate(() => Reflect.get(window, 'sameDocument'))).toBe(true)
  })
})

test('status lines carry the standard reason phrase', async ({ request }) => {
  const page = await request.get('/')
  const etag = page.headers()['etag'] ?? ''
  const answers = [
    page,
    await request.get('/favicon.ico'),
    await request.get('/healthz'),
    await request.get('/sitemap.xml'),
    await request.get('/bestaat/niet'),
    await request.get('/over-ons/', { maxRedirects: 0 }),
    await request.get('/', { headers: { 'If-None-Match': etag } }),
  ]
  expect(answers.map((answer) => `${answer.status()} ${answer.statusText()}`)).toEqual([
    '200 OK',
    '200 OK',
    '200 OK',
    '200 OK',
    '404 Not Found',
    '301 Moved Permanently',
    '304 Not Modified',
  ])
})
