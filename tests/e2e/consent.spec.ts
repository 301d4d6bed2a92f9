import type { ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { Page } from '@playwright/test'
import { expect, expectNoA11yViolations, openPage, test } from './fixtures'
import { startServer, stopServer } from './server-process'
import { tier } from './tiers'

/**
 * Cookie settings: the banner only with a GTM container, "Cookie settings" in the
 * footer to change the choice, and a change that applies without a reload. Own servers on
 * E2E_PORT+25…27: a stand-in GTM host, and the site with GTM_ID on the embedded CMS and on the
 * remote-CMS path (reading the suite's first server).
 */
const basePort = Number(process.env.E2E_PORT ?? 3210) + 25
const gtmHost = `http://127.0.0.1:${basePort}`
const sites = {
  embedded: `http://127.0.0.1:${basePort + 1}`,
  remote: `http://127.0.0.1:${basePort + 2}`,
}
const cmsUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210)}/graphql`

/**
 * What GTM does with the data layer, in little: it takes over `dataLayer.push`, replays what was
 * queued before it loaded, keeps the consent state from the consent commands, and records each
 * page_view with the analytics_storage state it was processed under.
 */
const fakeGtm = `(function () {
  var seen = { starts: 0, consent: [], views: [] }
  var state = 'unset'
  window.__fakeGtm = seen
  function handle(entry) {
    if (entry && entry[0] === 'consent') { state = entry[2].analytics_storage; seen.consent.push(entry[1] + ':' + state); return }
    if (entry && entry.event === 'gtm.js') seen.starts += 1
    if (entry && entry.event === 'page_view') seen.views.push(entry.page_path + ' ' + state)
  }
  var layer = (window.dataLayer = window.dataLayer || [])
  layer.forEach(handle)
  var push = layer.push
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) handle(arguments[i])
    return push.apply(layer, arguments)
  }
})()`

let gtm: Server
const gtmRequests: string[] = []
const servers: ChildProcess[] = []

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  gtm = createServer((request, response) => {
    gtmRequests.push(request.url ?? '')
    response.writeHead(200, { 'Content-Type': 'application/javascript', 'Cache-Control': 'no-store' }).end(fakeGtm)
  })
  await new Promise<void>((resolve) => gtm.listen(basePort, '127.0.0.1', resolve))
  const withGtm = { GTM_ID: 'GTM-CONSENT1', GTM_SCRIPT_URL: `${gtmHost}/gtm.js` }
  servers.push(await startServer(basePort + 1, withGtm))
  servers.push(await startServer(basePort + 2, { ...withGtm, CMS_GRAPHQL_URL: cmsUrl, CONTENT_DIR: '/nonexistent-content' }))
})

test.afterAll(async () => {
  for (const server of servers) await stopServer(server)
  await new Promise<void>((resolve) => gtm.close(() => resolve()))
})

interface FakeGtm {
  starts: number
  consent: string[]
  views: string[]
}

/** What the stand-in GTM saw; null while it is not loaded. */
function gtmSeen(page: Page): Promise<FakeGtm | null> {
  return page.evaluate(() => {
    const seen: unknown = Reflect.get(window, '__fakeGtm')
    return seen && typeof seen === 'object' ? { starts: 0, consent: [], views: [], ...seen } : null
  })
}

/** The page_view events in the data layer, by path. */
function pageViews(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).flatMap((entry) =>
      'event' in entry && entry.event === 'page_view' && 'page_path' in entry ? [entry.page_path] : [],
    ),
  )
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies op deze website' })
const footerControl = (page: Page) => page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-instellingen' })

/** A client navigation through the main menu, finished (title in place, so its page_view is sent). */
async function navigate(page: Page, name: string, path: RegExp, heading: string) {
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name, exact: true }).click()
  await expect(page).toHaveURL(path)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
}

// The journey is the same browser code on either site: npm test runs it on the embedded CMS (the
// remote site's consent is in the cookie-policy test below), test:full on both (ADR 039).
for (const [name, site] of Object.entries(sites)) {
  test(
    `${name} CMS: accept, revoke and accept again from the footer, without a reload`,
    tier(name === 'embedded'),
    async ({ page, context }) => {
      // Three pages and six choices: past the default minute on a loaded machine.
      test.setTimeout(120_000)
      const gtmBefore = gtmRequests.length
      await openPage(page, `${site}/`)
      await page.evaluate(() => Reflect.set(window, '__sameDocument', true))
      await expect(banner(page)).toBeVisible()
      // Nothing before a choice: no GTM, and the page's view is held back.
      await page.waitForTimeout(300)
      expect(gtmRequests.length).toBe(gtmBefore)
      expect(await pageViews(page)).toEqual([])

      await banner(page).getByRole('button', { name: 'Accepteren' }).click()
      await expect(banner(page)).toHaveCount(0)
      await expect.poll(() => gtmSeen(page)).toEqual({ starts: 1, consent: ['default:denied', 'update:granted'], views: ['/ granted'] })
      expect(gtmRequests.slice(gtmBefore)).toEqual(['/gtm.js?id=GTM-CONSENT1'])
      await navigate(page, 'Over ons', /\/over-ons$/, 'Over Autogroep Horizon')
      await expect.poll(async () => (await gtmSeen(page))?.views).toEqual(['/ granted', '/over-ons granted'])

      // What Google Analytics would have written (host-only on an IP address).
      await page.evaluate(() => {
        document.cookie = '_ga=GA1.1.42; Path=/'
        document.cookie = '_ga_CONSENT1=GS1.1; Path=/'
      })
      await footerControl(page).click()
      await expect(banner(page)).toBeVisible()
      await expect(banner(page).getByRole('heading')).toBeFocused()
      await expect(banner(page)).toContainText('Uw huidige keuze: analytische cookies toegestaan.')
      await expectNoA11yViolations(page)
      await banner(page).getByRole('button', { name: 'Weigeren' }).click()
      await expect(banner(page)).toHaveCount(0)
      await expect(footerControl(page)).toBeFocused()
      await expect.poll(async () => (await gtmSeen(page))?.consent).toEqual(['default:denied', 'update:granted', 'update:denied'])
      expect((await context.cookies(site)).map((cookie) => cookie.name).sort()).toEqual(['consent'])
      expect((await context.cookies(site)).find((cookie) => cookie.name === 'consent')?.value).toBe('denied')

      // Refused: the next pages send nothing.
      await navigate(page, 'Contact', /\/contact$/, 'Contact')
      await page.waitForTimeout(300)
      expect(await pageViews(page)).toEqual(['/', '/over-ons'])

      // Accepted again: this page's view once, under granted; GTM is not loaded twice.
      await footerControl(page).click()
      await banner(page).getByRole('button', { name: 'Accepteren' }).click()
      await expect.poll(async () => (await gtmSeen(page))?.views).toEqual(['/ granted', '/over-ons granted', '/contact granted'])
      await footerControl(page).click()
      await banner(page).getByRole('button', { name: 'Accepteren' }).click()
      // Once GTM has the fourth consent command (the click is done), nothing else was sent: a fixed
      // pause here raced the click's own work on a loaded machine.
      await expect.poll(async () => (await gtmSeen(page))?.consent.length).toBe(4)
      expect(await gtmSeen(page)).toEqual({
        starts: 1,
        consent: ['default:denied', 'update:granted', 'update:denied', 'update:granted'],
        views: ['/ granted', '/over-ons granted', '/contact granted'],
      })
      expect(await pageViews(page)).toEqual(['/', '/over-ons', '/contact'])
      expect(gtmRequests.slice(gtmBefore)).toEqual(['/gtm.js?id=GTM-CONSENT1'])
      // All of it in one document.
      expect(await page.evaluate(() => Reflect.get(window, '__sameDocument'))).toBe(true)
    },
  )
}

test('the cookie policy shows the choice and changes it; a returning visitor starts with theirs', async ({ page, context }) => {
  await context.addCookies([{ name: 'consent', value: 'granted', url: sites.remote }])
  const gtmBefore = gtmRequests.length
  await openPage(page, `${sites.remote}/en/cookie-policy`)
  // The stored yes applies at once: GTM, and this page's view.
  await expect.poll(async () => (await gtmSeen(page))?.views).toEqual(['/en/cookie-policy granted'])
  expect(gtmRequests.length).toBe(gtmBefore + 1)
  await expect(page.getByRole('region', { name: 'Cookies on this website' })).toHaveCount(0)
  const settings = page.getByRole('region', { name: 'Your cookie settings' })
  await expect(settings.getByRole('status')).toHaveText('Your current choice: analytics cookies allowed.')
  await settings.getByRole('button', { name: 'Decline' }).click()
  await expect(settings.getByRole('status')).toHaveText('Your current choice: analytics cookies declined.')
  await expect.poll(async () => (await gtmSeen(page))?.consent).toEqual(['default:denied', 'update:granted', 'update:denied'])
  await expectNoA11yViolations(page)
})

test('a page view carries campaign tags and no other query parameter, and no fragment', async ({ page, context }) => {
  await context.addCookies([{ name: 'consent', value: 'granted', url: sites.embedded }])
  const locations = () =>
    page.evaluate(() =>
      (window.dataLayer ?? []).flatMap((entry) => ('event' in entry && entry.event === 'page_view' ? [entry.page_location] : [])),
    )
  await openPage(page, `${sites.embedded}/over-ons?utm_source=mail&name=Marieke&utm_campaign=herfst&sent=q1w2e3r4t5y6u7i8o9p0aA#team`)
  await expect.poll(locations).toEqual([`${sites.embedded}/over-ons?utm_source=mail&utm_campaign=herfst`])
  // The contact form's thank-you link: its reference is not analytics' to see.
  await openPage(page, `${sites.embedded}/contact?sent=q1w2e3r4t5y6u7i8o9p0aA#contact-form-thanks`)
  await expect.poll(locations).toEqual([`${sites.embedded}/contact`])
})

test('without JavaScript the footer links to the cookie policy’s settings', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'nl-NL' })
  const page = await context.newPage()
  await page.goto(`${sites.embedded}/over-ons`)
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie-instellingen' })
  await expect(link).toHaveAttribute('href', '/cookie-policy#cookie-settings')
  await link.click()
  await expect(page).toHaveURL(/\/cookie-policy#cookie-settings$/)
  await expect(page.getByRole('region', { name: 'Uw cookie-instellingen' })).toContainText(
    'Zonder JavaScript laadt deze website geen analytische cookies.',
  )
  await context.close()
})

test('without GTM_ID there is no banner and no footer control, on any page', async ({ page, baseURL }) => {
  for (const path of ['/', '/nieuws', '/cookie-policy']) {
    const html = await (await page.request.get(`${baseURL}${path}`)).text()
    // No banner element (the inlined stylesheet names its class all the same).
    expect(html, path).not.toMatch(/class="consent-banner/)
    const footer = /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? ''
    expect(footer, path).toContain('Cookiebeleid')
    expect(footer, path).not.toContain('Cookie-instellingen')
  }
  await openPage(page, '/over-ons')
  await expect(banner(page)).toHaveCount(0)
  await expect(page.getByRole('contentinfo').getByText('Cookie-instellingen')).toHaveCount(0)
  // Nothing to consent to: page views go to the data layer as before (nothing reads it).
  await expect.poll(() => pageViews(page)).toEqual(['/over-ons'])
})
