import { describe, expect, it } from 'vitest'
import { consentMarkerScript } from './consent'

/** Runs the head script against a cookie string; true when it marks the document. */
function marks(cookie: string): boolean {
  let marked = false
  const document = { cookie, documentElement: { setAttribute: () => (marked = true) } }
  new Function('document', consentMarkerScript)(document)
  return marked
}

describe('consentMarkerScript', () => {
  it('marks a visitor who chose, reading the first consent cookie like readConsent', () => {
    expect(marks('consent=granted')).toBe(true)
    expect(marks('lang=de; consent=denied')).toBe(true)
    expect(marks('')).toBe(false)
    expect(marks('consent=maybe')).toBe(false)
    expect(marks('xconsent=granted')).toBe(false)
    // cookie-es keeps the first of two: an invalid first value means no choice, so no mark.
    expect(marks('consent=x; consent=granted')).toBe(false)
  })
})
