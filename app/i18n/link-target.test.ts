import { describe, expect, it } from 'vitest'
import { linkTargetFor } from './link-target'

describe('linkTargetFor', () => {
  it('maps home pages', () => {
    expect(linkTargetFor('/')).toEqual({ to: '/$locale', params: { locale: 'nl' } })
    expect(linkTargetFor('/en')).toEqual({ to: '/$locale', params: { locale: 'en' } })
  })
  it('maps content pages to the splat route', () => {
    expect(linkTargetFor('/over-ons/historie')).toEqual({ to: '/$locale/$', params: { locale: 'nl', _splat: 'over-ons/historie' } })
    expect(linkTargetFor('/de/uber-uns')).toEqual({ to: '/$locale/$', params: { locale: 'de', _splat: 'uber-uns' } })
  })
  it('maps fixed pages through their internal key', () => {
    expect(linkTargetFor('/fr/actualites')).toEqual({ to: '/$locale/$', params: { locale: 'fr', _splat: '~news' } })
  })
  it('rejects other origins', () => {
    expect(linkTargetFor('//evil.example/x')).toBeNull()
    expect(linkTargetFor('https://example.com/')).toBeNull()
  })
})
