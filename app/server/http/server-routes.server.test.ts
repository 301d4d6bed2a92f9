import { describe, expect, it } from 'vitest'
import { isServerRoutePath } from './server-routes.server'

describe('isServerRoutePath', () => {
  it('knows the server routes, with their parameters and splats', () => {
    for (const path of [
      '/healthz',
      '/readyz',
      '/metrics',
      '/graphql',
      '/sitemap.xml',
      '/robots.txt',
      '/.well-known/security.txt',
      '/api/global',
      '/api/cache/purge',
      '/api/captcha/challenge',
      '/api/preview',
      '/api/preview/exit',
      '/api/v1/anything/at/all',
      '/builds/latest.json',
      '/builds/meta/20261127.json',
      '/api/gl%6Fbal',
    ])
      expect(isServerRoutePath(path), path).toBe(true)
  })

  it('answers no for anything else under their folders', () => {
    for (const path of [
      '/api/nope',
      '/api/preview/exit/x',
      '/healthz/x',
      '/sitemap.xml/x',
      '/builds/nope',
      '/.well-known/x',
      '/assets/x.js',
    ])
      expect(isServerRoutePath(path), path).toBe(false)
  })
})
