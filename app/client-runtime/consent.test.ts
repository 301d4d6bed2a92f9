// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://www.example.com/nieuws"}
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { analyticsCookieDeletions, consentMarkerScript } from './consent'

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

describe('analyticsCookieDeletions', () => {
  it('expires every Google analytics cookie host-only and on each parent domain', () => {
    expect(analyticsCookieDeletions('lang=nl; _ga=GA1.1.5; _ga_ABC123=GS1; consent=granted', 'www.example.co.uk')).toEqual([
      '_ga=; Max-Age=0; Path=/',
      '_ga=; Max-Age=0; Path=/; Domain=www.example.co.uk',
      '_ga=; Max-Age=0; Path=/; Domain=example.co.uk',
      '_ga=; Max-Age=0; Path=/; Domain=co.uk',
      '_ga_ABC123=; Max-Age=0; Path=/',
      '_ga_ABC123=; Max-Age=0; Path=/; Domain=www.example.co.uk',
      '_ga_ABC123=; Max-Age=0; Path=/; Domain=example.co.uk',
      '_ga_ABC123=; Max-Age=0; Path=/; Domain=co.uk',
    ])
  })

  it('knows the other Google cookies and leaves the site’s own alone', () => {
    const names = (cookies: string) => analyticsCookieDeletions(cookies, 'localhost').map((deletion) => deletion.split('=')[0])
    expect(names('_gid=1; _gat_UA-1=1; _gcl_au=1; _dc_gtm_UA-1=1')).toEqual(['_gid', '_gat_UA-1', '_gcl_au', '_dc_gtm_UA-1'])
    expect(names('consent=denied; lang=nl; _gallery=1; ga=1; auth_token=x')).toEqual([])
  })

  it('an IP address gets host-only deletions', () => {
    expect(analyticsCookieDeletions('_ga=1', '127.0.0.1')).toEqual(['_ga=; Max-Age=0; Path=/'])
    expect(analyticsCookieDeletions('_ga=1', '::1')).toEqual(['_ga=; Max-Age=0; Path=/'])
  })
})

/** The data layer in short: consent commands as `update:granted`, events by name (page views with their path). */
function dataLayer(): string[] {
  return (window.dataLayer ?? []).map((entry) => {
    if ('event' in entry) return entry.event === 'page_view' && 'page_path' in entry ? `page_view ${entry.page_path}` : entry.event
    const [, action, settings] = Array.from(entry)
    return `${String(action)}:${String(settings.analytics_storage)}`
  })
}

const gtm = { id: 'GTM-TEST1', scriptUrl: 'https://gtm.example/gtm.js' }
const view = (path: string) => ({ page_location: `https://www.example.com${path}`, page_path: path, page_title: path, language: 'nl' })
const gtmScripts = () => [...document.querySelectorAll('script')].map((script) => script.src)

/** The modules afresh (their state is per page load), with a clean page and no cookies. */
async function load(cookies: string[] = []) {
  vi.resetModules()
  window.dataLayer = undefined
  for (const script of document.querySelectorAll('script')) script.remove()
  for (const name of Object.keys(Object.fromEntries(document.cookie.split('; ').map((c) => c.split('='))))) {
    document.cookie = `${name}=; Max-Age=0; Path=/`
    document.cookie = `${name}=; Max-Age=0; Path=/; Domain=example.com`
  }
  for (const cookie of cookies) document.cookie = cookie
  const consent = await import('./consent')
  const { pageViews } = await import('./page-views')
  return { ...consent, pageViews }
}

describe('consent in the page', () => {
  beforeEach(() => vi.restoreAllMocks())

  it('with GTM: nothing is sent before a choice; accepting loads GTM and sends this page once', async () => {
    const { initConsent, chooseConsent, pageViews, consentStore } = await load()
    initConsent(gtm)
    pageViews.view(view('/nieuws'))
    expect(dataLayer()).toEqual(['default:denied'])
    expect(gtmScripts()).toEqual([])
    expect(consentStore.getSnapshot()).toEqual({ known: true, choice: undefined, reopened: false })

    chooseConsent('granted')
    expect(dataLayer()).toEqual(['default:denied', 'update:granted', 'gtm.js', 'page_view /nieuws'])
    expect(gtmScripts()).toEqual(['https://gtm.example/gtm.js?id=GTM-TEST1'])
    expect(document.cookie).toContain('consent=granted')
    pageViews.view(view('/over-ons'))
    expect(dataLayer().at(-1)).toBe('page_view /over-ons')
  })

  it('revoking: consent update denied, no further page views, analytics cookies deleted; accepting again repeats nothing', async () => {
    const { initConsent, chooseConsent, reopenConsent, pageViews, consentStore } = await load(['consent=granted; Path=/'])
    initConsent(gtm)
    pageViews.view(view('/nieuws'))
    expect(dataLayer()).toEqual(['default:denied', 'update:granted', 'gtm.js', 'page_view /nieuws'])
    // What Google Analytics writes: on the registrable domain and host-only.
    document.cookie = '_ga=GA1.1.123; Path=/; Domain=example.com'
    document.cookie = '_ga_ABC123=GS1.1; Path=/'
    document.cookie = '_gid=GA1.1.9; Path=/; Domain=www.example.com'

    reopenConsent()
    expect(consentStore.getSnapshot().reopened).toBe(true)
    chooseConsent('denied')
    expect(consentStore.getSnapshot()).toEqual({ known: true, choice: 'denied', reopened: false })
    expect(dataLayer().slice(4)).toEqual(['update:denied'])
    expect(document.cookie).not.toMatch(/_ga|_gid/)
    expect(document.cookie).toContain('consent=denied')
    pageViews.view(view('/over-ons'))
    pageViews.view(view('/contact'))
    expect(dataLayer().slice(4)).toEqual(['update:denied'])

    chooseConsent('granted')
    // The page shown now was never sent: it is, once; GTM is not loaded a second time.
    expect(dataLayer().slice(4)).toEqual(['update:denied', 'update:granted', 'page_view /contact'])
    expect(gtmScripts()).toEqual(['https://gtm.example/gtm.js?id=GTM-TEST1'])
    chooseConsent('granted')
    expect(dataLayer().slice(4)).toEqual(['update:denied', 'update:granted', 'page_view /contact'])
  })

  it('a stored refusal: no GTM, no page views, and left-over analytics cookies go', async () => {
    const { initConsent, pageViews } = await load(['consent=denied; Path=/', '_ga=GA1.1.1; Path=/'])
    initConsent(gtm)
    pageViews.view(view('/nieuws'))
    expect(dataLayer()).toEqual(['default:denied', 'update:denied'])
    expect(gtmScripts()).toEqual([])
    expect(document.cookie).not.toContain('_ga')
  })

  it('without GTM there is nothing to consent to: page views go to the (unread) data layer as before', async () => {
    const { initConsent, pageViews } = await load()
    initConsent(undefined)
    pageViews.view(view('/nieuws'))
    expect(dataLayer()).toEqual(['default:denied', 'page_view /nieuws'])
    expect(gtmScripts()).toEqual([])
  })

  it('closing a reopened banner keeps the choice and sends nothing', async () => {
    const { initConsent, reopenConsent, closeConsent, consentStore } = await load(['consent=denied; Path=/'])
    initConsent(gtm)
    const before = dataLayer()
    reopenConsent()
    closeConsent()
    expect(consentStore.getSnapshot()).toEqual({ known: true, choice: 'denied', reopened: false })
    expect(dataLayer()).toEqual(before)
  })
})
