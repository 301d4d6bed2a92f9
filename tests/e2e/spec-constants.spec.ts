import type { APIRequestContext } from '@playwright/test'
import * as v from 'valibot'
import { routeManifestSchema } from '../../app/route-manifest'
import { expect, test } from './fixtures'

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
})
