import { describe, expect, it } from 'vitest'
import { languages } from '../../app.config'
import { ConfigError, localesWithoutDomain, parseRuntimeConfig } from '../../app/server/platform/env.server'

describe('app.config', () => {
  it('has the five languages with their iso codes, nl first', () => {
    expect(languages.map((l) => `${l.code}:${l.iso}`)).toEqual(['nl:nl_NL', 'en:en_US', 'de:de_DE', 'fr:fr_FR', 'da:da_DK'])
  })

  it('applies defaults', () => {
    const config = parseRuntimeConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.SITE_URL).toBe('http://localhost:3000')
    expect(config.CMS_GRAPHQL_URL).toBeUndefined()
    expect(config.siteUrlFromPort).toBe(true)
  })

  it('makes the default SITE_URL follow PORT', () => {
    expect(parseRuntimeConfig({ PORT: '4321' }).SITE_URL).toBe('http://localhost:4321')
    const set = parseRuntimeConfig({ PORT: '4321', SITE_URL: 'https://www.example.com' })
    expect(set.SITE_URL).toBe('https://www.example.com')
    expect(set.siteUrlFromPort).toBe(false)
  })

  it('treats empty variables as unset', () => {
    expect(parseRuntimeConfig({ CMS_GRAPHQL_URL: '' }).CMS_GRAPHQL_URL).toBeUndefined()
  })

  it('reads per-locale domains and names the locales without one', () => {
    const config = parseRuntimeConfig({ LOCALE_DOMAINS: 'de=https://www.example.de,fr=https://www.example.fr/' })
    expect(config.LOCALE_DOMAINS).toEqual({ de: 'https://www.example.de', fr: 'https://www.example.fr' })
    expect(localesWithoutDomain(config)).toEqual(['nl', 'en', 'da'])
    expect(localesWithoutDomain(parseRuntimeConfig({}))).toEqual([])
    expect(() => parseRuntimeConfig({ LOCALE_DOMAINS: 'xx=nope' })).toThrowError(/LOCALE_DOMAINS/)
  })

  it('names every bad variable', () => {
    expect(() => parseRuntimeConfig({ SITE_URL: 'nope', PORT: 'abc' })).toThrowError(ConfigError)
    try {
      parseRuntimeConfig({ SITE_URL: 'nope', PORT: 'abc' })
    } catch (error) {
      expect(String(error)).toMatch(/SITE_URL: must be an absolute URL/)
      expect(String(error)).toMatch(/PORT: must be a port number/)
    }
  })
})

describe('app.config secrets and proxies', () => {
  it('never prints the value of a secret in an error', () => {
    const secret = 'short-secret'
    let message = ''
    try {
      parseRuntimeConfig({
        CACHE_PURGE_SECRET: secret,
        EMBEDDED_CMS_WRITE_KEY: secret,
        ALTCHA_HMAC_KEY: secret,
        SMTP_URL: 'http://user:pass@x',
        SITE_URL: 'nope',
      })
    } catch (error) {
      message = error instanceof Error ? error.message : ''
    }
    expect(message).toMatch(/CACHE_PURGE_SECRET: .*\(value hidden\)/)
    expect(message).toMatch(/EMBEDDED_CMS_WRITE_KEY/)
    expect(message).toMatch(/SMTP_URL/)
    expect(message).not.toContain(secret)
    expect(message).not.toContain('pass')
    // Settings that are not secret still show what was given.
    expect(message).toContain('"nope"')
  })

  it('reads TRUST_PROXY as a hop count or a list of proxies', () => {
    expect(parseRuntimeConfig({}).TRUST_PROXY).toBe(0)
    expect(parseRuntimeConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(parseRuntimeConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0)
    expect(parseRuntimeConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseRuntimeConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8'])
    expect(() => parseRuntimeConfig({ TRUST_PROXY: 'everyone' })).toThrowError(/TRUST_PROXY/)
  })
})
