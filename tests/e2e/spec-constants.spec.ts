import type { APIRequestContext } from '@playwright/test'
import * as v from 'valibot'
import { routeManifestSchema } from '../../app/route-manifest'
import { expect, openPage, test } from './fixtures'

/** The running build's id, as clients learn it. */
async function currentBuildId(request: APIRequestContext): Promise<string> {
  const latest = await request.get('/builds/latest.json')
  return v.parse(v.object({ id: v.string() }), await latest.json()).id
}

test.describe('build manifest', () => {
  test('the running build’s manifest flags the old site’s paths, cached for good', async ({ request }) => {
    const id = await currentBuildId(request)
    const response = await request.get(`/builds/meta/${id}.json`)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^application\/json/)
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    // The shape the client reads (it parses with the same schema).
    const manifest = v.parse(routeManifestSchema, await response.json())
    expect(manifest.id).toBe(id)
    expect(manifest.prerendered).toEqual([])
    expect(manifest.matcher.static['/privacyverklaring']).toEqual({ redirect: '/privacy' })
    expect(manifest.matcher.static['/en_GB/about-us']).toEqual({ redirect: '/en/about-us' })
    expect(manifest.matcher.wildcard['/de_DE']).toEqual({ redirect: '/de' })
  })

  test('the manifest goes compressed to a browser that takes it, with a 304 on revalidation', async ({ request }) => {
    const path = `/builds/meta/${await currentBuildId(request)}.json`
    const plain = await request.get(path, { headers: { 'accept-encoding': 'identity' } })
    const compressed = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(plain.headers()['content-encoding']).toBeUndefined()
    expect(compressed.headers()['content-encoding']).toBe('br')
    expect(Number(compressed.headers()['content-length'])).toBeLessThan(Number(plain.headers()['content-length']) / 2)
    expect(compressed.headers()['vary']).toBe('Accept-Encoding')
    const again = await request.get(path, { headers: { 'if-none-match': plain.headers()['etag'] ?? '' } })
    expect(again.status()).toBe(304)
  })

  test('an unknown build id is a 404 that is not cached', async ({ request }) => {
    for (const path of ['/builds/meta/not-a-build.json', `/builds/meta/${await currentBuildId(request)}`]) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(404)
      expect(response.headers()['cache-control'], path).toBe('no-store')
    }
  })

  test('only GET and HEAD', async ({ request }) => {
    const response = await request.post(`/builds/meta/${await currentBuildId(request)}.json`)
    expect(response.status()).toBe(405)
  })

  test('a client navigation to a flagged path goes straight to its target, no 404 first', async ({ page }) => {
    const manifestLoaded = page.waitForResponse((response) => response.url().includes('/builds/meta/'))
    await openPage(page, '/en')
    await (await manifestLoaded).finished()
    // A frame later the page has read it (the body has arrived; parsing it takes no longer).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    // Requests up to and including the next document request.
    const requested: string[] = []
    let documentRequested = false
    page.on('request', (request) => {
      if (documentRequested) return
      requested.push(new URL(request.url()).pathname)
      documentRequested = request.isNavigationRequest()
    })
    // What a router link to the old URL does: a history entry the router navigates to.
    await page.evaluate(() => window.history.pushState({}, '', '/en_GB/about-us?utm_source=old'))
    // The query goes along, as with the server's redirect.
    await expect(page).toHaveURL(/\/en\/about-us\?utm_source=old$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Autogroep Horizon')
    // No page data asked for the old URL, no redirect hop: the next document is the target.
    expect(requested.at(-1)).toBe('/en/about-us')
    expect(requested.filter((path) => path.startsWith('/_serverFn/') || path.startsWith('/en_GB'))).toEqual([])
    // The old URL's history entry was replaced: Back returns to the page before.
    await page.goBack()
    await expect(page).toHaveURL(/\/en$/)
  })
})
