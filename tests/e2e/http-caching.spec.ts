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

function scriptNonces(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bnonce="([^"]+)"/g)].map((m) => m[1] ?? '')
}

function scriptsWithoutNonce(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\bnonce="/.test(tag))
}

test.describe('HTML delivery: page cache, nonces, ETag, compression', () => {
  test('a repeated anonymous page comes from the page cache with a new nonce each time', async ({ request }) => {
    // A query string of its own, so this test starts with an empty cache entry.
    const url = `${detail}?t=${Date.now()}`
    const first = await request.get(url)
    const second = await request.get(url)
    expect(first.status()).toBe(200)
    expect(first.headers()['x-page-cache']).toBe('MISS')
    expect(second.headers()['x-page-cache']).toBe('HIT')

    const nonces = [first, second].map((response) => /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1])
    expect(nonces[0]).toBeTruthy()
    expect(nonces[1]).toBeTruthy()
    expect(nonces[0]).not.toBe(nonces[1])
    for (const [index, response] of [first, second].entries()) {
      const html = await response.text()
      // Every script carries exactly this response's nonce.
      expect(scriptsWithoutNonce(html)).toEqual([])
      expect(new Set(scriptNonces(html))).toEqual(new Set([nonces[index]]))
    }
    // Same page, same validator.
    expect(second.headers()['etag']).toBe(first.headers()['etag'])
    expect(first.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/)
  })

  test('If-None-Match gives 304 without a body or a policy for another nonce', async ({ request }) => {
    const page = await request.get(detail)
    const etag = page.headers()['etag'] ?? ''
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await request.get(detail, { headers: { 'If-None-Match': etag } })
    expect(again.status()).toBe(304)
    expect(again.headers()['content-security-policy']).toBeUndefined()
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
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
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

  test('the consent choice is part of the cache key', async ({ request }) => {
    const url = `/en?consent-key=${Date.now()}`
    expect((await request.get(url)).headers()['x-page-cache']).toBe('MISS')
    expect((await request.get(url, { headers: { Cookie: 'consent=granted' } })).headers()['x-page-cache']).toBe('MISS')
    expect((await request.get(url, { headers: { Cookie: 'consent=granted' } })).headers()['x-page-cache']).toBe('HIT')
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
      expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
      expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
      for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
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
