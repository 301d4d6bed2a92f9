import { describe, expect, it } from 'vitest'
import { analyticsLocation, PageViewGate, type PageView } from './page-views'

const page = (path: string): PageView => ({
  page_location: `https://example.com${path}`,
  page_path: path,
  page_title: path,
  language: 'nl',
})

function gate() {
  const sent: string[] = []
  return { gate: new PageViewGate((view) => sent.push(view.page_path)), sent }
}

describe('PageViewGate', () => {
  it('sends every view while allowed', () => {
    const { gate: g, sent } = gate()
    g.allow(true)
    g.view(page('/a'))
    g.view(page('/b'))
    expect(sent).toEqual(['/a', '/b'])
  })

  it('holds views back until allowed, then sends only the current page, once', () => {
    const { gate: g, sent } = gate()
    g.view(page('/a'))
    g.view(page('/b'))
    expect(sent).toEqual([])
    g.allow(true)
    expect(sent).toEqual(['/b'])
    g.allow(true)
    expect(sent).toEqual(['/b'])
  })

  it('refusing stops the next views; accepting again on the same page does not repeat it', () => {
    const { gate: g, sent } = gate()
    g.allow(true)
    g.view(page('/a'))
    g.allow(false)
    g.view(page('/b'))
    g.view(page('/c'))
    expect(sent).toEqual(['/a'])
    g.allow(true)
    expect(sent).toEqual(['/a', '/c'])
    g.allow(false)
    g.allow(true)
    expect(sent).toEqual(['/a', '/c'])
  })

  it('a view that arrives before the consent is known is sent when it is granted', () => {
    const { gate: g, sent } = gate()
    g.view(page('/a'))
    g.allow(false)
    expect(sent).toEqual([])
    g.allow(true)
    expect(sent).toEqual(['/a'])
  })
})

describe('analyticsLocation', () => {
  it('keeps campaign tags only: every other parameter and the fragment are left out', () => {
    expect(analyticsLocation('https://example.com/contact?sent=q1w2e3r4t5y6u7i8o9p0aA#contact-form-thanks')).toBe(
      'https://example.com/contact',
    )
    expect(analyticsLocation('https://example.com/nieuws?utm_source=mail&name=Marieke&utm_campaign=herfst&page=2')).toBe(
      'https://example.com/nieuws?utm_source=mail&utm_campaign=herfst',
    )
    expect(analyticsLocation('https://example.com/de/kontakt?UTM_Medium=x&utm=y&xutm_source=z&location=utrecht')).toBe(
      'https://example.com/de/kontakt?UTM_Medium=x',
    )
    expect(analyticsLocation('https://example.com/')).toBe('https://example.com/')
  })
})
