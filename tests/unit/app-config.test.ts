import { describe, expect, it } from 'vitest'
import { ConfigError, languages, localesWithoutDomain, parseRuntimeConfig } from '../../app.config'

describe('app.config', () => {
  it('has the five languages with their iso codes, nl first', () => {
    expect(languages.map((l) => `${l.code}:${l.iso}`)).toEqual(['nl:nl_NL', 'en:en_US', 'de:de_DE', 'fr:fr_FR', 'da:da_DK'])
  })

  it('applies defaults', () => {
    const config = parseRuntimeConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.SITE_URL).toBe('http://localhost:3000')
    expect(config.CMS_GRAPHQL_URL).toBeUndefined()
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
