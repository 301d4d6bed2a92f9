import { describe, expect, it } from 'vitest'
import { platformName } from './SiteFooter'

describe('platformName', () => {
  it('writes each network as it writes itself', () => {
    expect(['linkedin', 'youtube', 'instagram', 'facebook', 'tiktok', 'LinkedIn'].map(platformName)).toEqual([
      'LinkedIn',
      'YouTube',
      'Instagram',
      'Facebook',
      'TikTok',
      'LinkedIn',
    ])
  })

  it('gives another key a capital first letter, and no property of every object a name', () => {
    expect(platformName('strava')).toBe('Strava')
    expect(platformName('constructor')).toBe('Constructor')
  })
})
