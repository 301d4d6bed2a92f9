import { describe, expect, it } from 'vitest'
import { documentTitle, pageSeoOf, siteSeoOf } from './head'

const site = { title: 'Autogroep Horizon', ogImage: null }

describe('head helpers', () => {
  it('builds "Page – Site"', () => {
    expect(documentTitle({ page: { title: 'Over ons' }, site })).toBe('Over ons – Autogroep Horizon')
  })
  it('uses the site name alone when the page has none or the same', () => {
    expect(documentTitle({ site })).toBe('Autogroep Horizon')
    expect(documentTitle({ page: { title: 'Autogroep Horizon' }, site })).toBe('Autogroep Horizon')
    expect(documentTitle({ page: { title: 'Autogroep Horizon – dealers' }, site })).toBe('Autogroep Horizon – dealers')
  })
  it('lets the error title win', () => {
    expect(documentTitle({ errorTitle: 'Page Not Found: /x', page: { title: 'Over ons' }, site })).toBe('Page Not Found: /x')
  })
  it('finds the deepest page SEO and the site data in matches', () => {
    const matches = [
      { status: 'success', loaderData: undefined },
      { status: 'success', loaderData: { site, navigation: {} } },
      { status: 'success', loaderData: { seo: { title: 'A' } } },
      { status: 'success', loaderData: { seo: { title: 'B', description: 'd' } } },
    ]
    expect(pageSeoOf(matches)).toEqual({ title: 'B', description: 'd' })
    expect(siteSeoOf(matches)?.title).toBe('Autogroep Horizon')
  })
})
