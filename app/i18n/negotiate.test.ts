import { describe, expect, it } from 'vitest'
import { detectLocale, parseAcceptLanguage, preferredLocale } from './negotiate'

describe('language detection', () => {
  it('parses Accept-Language by quality, then order', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-ch', 'fr', 'en', 'de'])
    expect(parseAcceptLanguage('en;q=0.5, da')).toEqual(['da', 'en'])
    expect(parseAcceptLanguage('')).toEqual([])
    expect(parseAcceptLanguage('xx;q=abc, de')).toEqual(['de'])
  })

  it('matches the iso code before the language part', () => {
    // en-GB has no exact match, but da-DK does: iso first, across all preferences.
    expect(detectLocale(['en-gb', 'da-dk'])).toBe('da')
    expect(detectLocale(['de-at'])).toBe('de')
    expect(detectLocale(['de_DE'])).toBe('de')
    expect(detectLocale(['es', 'pt'])).toBeUndefined()
  })

  it('lets an explicit cookie choice win, and defaults to nl', () => {
    expect(preferredLocale('en', 'de-DE,de;q=0.9')).toBe('en')
    expect(preferredLocale(undefined, 'de-DE,de;q=0.9')).toBe('de')
    expect(preferredLocale('bogus', 'fr')).toBe('fr')
    expect(preferredLocale(undefined, undefined)).toBe('nl')
    expect(preferredLocale(undefined, 'nl-BE')).toBe('nl')
  })
})
