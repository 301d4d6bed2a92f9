import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { pathCodec } from './i18n/i18n'
import { buildRouteManifest, manifestRedirect, routeManifestSchema } from './route-manifest'
import { legacyPaths, legacyRedirect, legacyRedirectTable } from './legacy-redirects'

const manifest = buildRouteManifest('build-1', 1_700_000_000_000, legacyRedirectTable(pathCodec.toPublic))

describe('the build manifest', () => {
  it('is what the client parses, with nothing prerendered', () => {
    const parsed = v.parse(routeManifestSchema, JSON.parse(JSON.stringify(manifest)))
    expect(parsed.id).toBe('build-1')
    expect(parsed.prerendered).toEqual([])
  })

  it('flags exactly the paths the server redirects, with the same targets', () => {
    const samples = [
      ...legacyPaths,
      ...legacyPaths.map((path) => `${path}/`),
      '/en_GB/an/unknown/page',
      '/da_DK/x/',
      '/',
      '/over-ons',
      '/en/about-us',
      '/en_GBX',
      '/nieuws/en_GB',
      '/constructor',
      '/__proto__',
    ]
    for (const path of samples) {
      expect(manifestRedirect(manifest, path), path).toBe(legacyRedirect(path, pathCodec.toPublic))
    }
  })

  it('has public targets: the language’s path for fixed pages, the careers site as is', () => {
    expect(manifestRedirect(manifest, '/privacyverklaring')).toBe('/privacy')
    expect(manifestRedirect(manifest, '/fr_BE/cookies/')).toBe('/fr/cookie-policy')
    expect(manifestRedirect(manifest, '/de_DE/karriere')).toBe('https://careers.example.com/de')
    expect(manifestRedirect(manifest, '/en_GB/whatever')).toBe('/en')
  })

  it('finds an old path behind the default language prefix too, as the server does', () => {
    expect(manifestRedirect(manifest, '/nl/privacyverklaring')).toBe('/privacy')
    expect(manifestRedirect(manifest, '/nl/cookies/')).toBe('/cookie-policy')
    expect(manifestRedirect(manifest, '/nl')).toBeNull()
    expect(manifestRedirect(manifest, '/nlx/cookies')).toBeNull()
  })
})
