import { describe, expect, it } from 'vitest'
import { securityTxt, securityTxtExpiry } from './security-txt'

describe('security.txt', () => {
  it('lists contacts, expiry, languages and canonical URLs as RFC 9116 fields', () => {
    const text = securityTxt({
      contacts: ['mailto:security@example.com', 'https://example.com/security'],
      expires: new Date('2027-05-22T00:00:00Z'),
      languages: ['nl', 'en'],
      canonical: ['https://www.example.com/.well-known/security.txt', 'https://www.example.de/.well-known/security.txt'],
    })
    expect(text).toBe(
      [
        'Contact: mailto:security@example.com',
        'Contact: https://example.com/security',
        'Expires: 2027-05-22T00:00:00Z',
        'Preferred-Languages: nl, en',
        'Canonical: https://www.example.com/.well-known/security.txt',
        'Canonical: https://www.example.de/.well-known/security.txt',
        '',
      ].join('\n'),
    )
  })

  it('expires less than a year after the day the server started, the same for every worker of that day', () => {
    const morning = securityTxtExpiry(new Date('2026-11-23T08:00:00Z'))
    const evening = securityTxtExpiry(new Date('2026-11-23T17:45:12Z'))
    expect(morning.toISOString()).toBe('2027-05-22T00:00:00.000Z')
    expect(evening).toEqual(morning)
    expect(morning.getTime() - Date.parse('2026-11-23T00:00:00Z')).toBeLessThan(365 * 24 * 60 * 60 * 1000)
  })
})
