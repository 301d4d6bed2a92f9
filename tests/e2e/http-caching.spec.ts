import { createHash } from 'node:crypto'
import { get } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { expect, test } from './fixtures'

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

/** The CSP hash of every executable inline script in a page (data blocks such as JSON-LD left out). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes) && !/type="application\/ld\+json"/.test(attributes))
    .map(([, , text = '']) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`)
}

test.describe('HTML delivery: page cache, hash-based CSP, ETag, compression', () => {
  test('a repeated anonymous page comes from the page cache as the same bytes, its inline scripts allowed by hash', async ({ request }) => {
    // A query string of its own, so this test starts with an empty cache entry.
    const url = `${detail}?t=${Date.now()}`
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
    // The entry module, named by the loader that imports it after the first frame (app/server/deferred-entry.ts).
    const script = /<script[^>]+data-entry="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeTruthy()
    const asset = await fetch(`${baseURL}${script}`, { headers: { 'Accept-Encoding': 'br' } })
    expect(asset.headers.get('content-encoding')).toBe('br')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  test('signed-in visitors bypass the page cache and get private pages', async ({ request }) => {
    const response = await request.get(detail, { headers: { Cookie: 'auth_token=some-token' } })
    expect(response.headers()['x-page-cache']).toBe('BYPASS')
    expect(response.headers()['cache-control']).toBe('private, no-store')
  })

  test('the consent choice is not part of the page: every anonymous visitor shares one cached page', async ({ request }) => {
    const url = `/en?consent-key=${Date.now()}`
    const first = await request.get(url)
    expect(first.headers()['x-page-cache']).toBe('MISS')
    const withConsent = await request.get(url, { headers: { Cookie: 'consent=granted' } })
    expect(withConsent.headers()['x-page-cache']).toBe('HIT')
    expect(await withConsent.text()).toBe(await first.text())
  })

  test('the purge endpoint needs its secret (off without CACHE_PURGE_SECRET)', async ({ request }) => {
    expect((await request.post('/api/cache/purge')).status()).toBe(404)
    expect((await request.get('/api/cache/purge')).status()).toBe(405)
  })

  test('security headers on a page, a news detail and the 404 page', async ({ request }) => {
    for (const path of ['/', detail, '/en/no-such-page']) {
      const response = await request.get(path)
      const headers = response.headers()
      const policy = headers['content-security-policy'] ?? ''
      expect(policy, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/)
      expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ]) {
        expect(policy, path).toContain(directive)
      }
      expect(headers['x-content-type-options'], path).toBe('nosniff')
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin')
      expect(headers['cross-origin-resource-policy'], path).toBe('same-origin')
      expect(headers['permissions-policy'], path).toContain('camera=()')
    }
  })
})
