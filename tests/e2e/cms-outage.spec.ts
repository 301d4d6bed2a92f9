import type { ChildProcess } from 'node:child_process'
import { cmsStandIn, type CmsStandIn } from './cms-stand-in'
import { expect, expectNoA11yViolations, openPage, test } from './fixtures'
import { startServer, stopServer } from './server-process'

// A site of its own reading a "remote" CMS that can be stopped: a pass-through to the shared
// test server's CMS (E2E_PORT; a server start-up less than a CMS of its own), closed for the outage.
const cmsPort = Number(process.env.E2E_PORT ?? 3210) + 10
const sitePort = cmsPort + 1
const site = `http://127.0.0.1:${sitePort}`
const upstream = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`

test.describe.configure({ mode: 'serial' })

let cms: CmsStandIn | undefined
let siteServer: ChildProcess | undefined

function stopCms(): Promise<void> {
  const standIn = cms
  cms = undefined
  return standIn ? standIn.close() : Promise.resolve()
}

/** A pass-through to the shared test server; once closed, connections are refused, as to a CMS that is down. */
async function startCms(): Promise<CmsStandIn> {
  const standIn = cmsStandIn(upstream)
  await standIn.listen(cmsPort)
  return standIn
}

test.beforeAll(async () => {
  cms = await startCms()
  siteServer = await startServer(sitePort, { CMS_GRAPHQL_URL: `http://127.0.0.1:${cmsPort}/graphql` })
})

test.afterAll(async () => {
  if (siteServer) await stopServer(siteServer)
  await stopCms()
})

test('with the CMS down, cached pages still render and an uncached page gives the 500 error page', async ({
  page,
  request,
  consoleGuard,
}) => {
  // The server-rendered error is logged again by the router on hydration, as it should be.
  consoleGuard.allow(/status of 500|Internal Server Error/)
  // Warm up: the page and the site data are cached now.
  expect((await request.get(`${site}/en/about-us`)).status()).toBe(200)

  await stopCms()

  const cached = await request.get(`${site}/en/about-us`)
  expect(cached.status()).toBe(200)
  expect(await cached.text()).toContain('About Autogroep Horizon')

  const response = await openPage(page, `${site}/en/about-us/history`)
  expect(response?.status()).toBe(500)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Server error')
  // A generic message and a reference: the request id of the access-log and error lines; the
  // host, port and error are only in the server log.
  await expect(page.getByTestId('status-message')).toHaveText('Internal Server Error')
  const requestId = response?.headers()['x-request-id']
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
  await expect(page.getByTestId('error-reference')).toHaveText(`Error reference: ${requestId}`)
  await expect(page).toHaveTitle(/Internal Server Error/)
  // In the site's layout: the menus and languages are there.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'About us' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Choose language' }).getByRole('link', { name: 'Deutsch' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expectNoA11yViolations(page)
  const html = await page.content()
  expect(html).not.toMatch(/ECONNREFUSED|fetch failed|127\.0\.0\.1:\d+\/graphql/)

  // A path that needs a redirect anyway still gets it, though the news lookup behind it cannot
  // ask the CMS (the item is then the route's business).
  const slashed = await request.get(`${site}/en/news/not-cached-yet/`, { maxRedirects: 0 })
  expect(slashed.status()).toBe(301)
  expect(slashed.headers()['location']).toBe('/en/news/not-cached-yet')

  const api = await request.get(`${site}/api/global?locale=de`)
  expect(api.status()).toBe(500)
  expect(await api.text()).not.toMatch(/ECONNREFUSED|fetch failed|127\.0\.0\.1/)
})

test('with the CMS down from the start, the 500 page still has the header, the languages and the footer', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 500|Internal Server Error/)
  // A fresh site process: nothing cached, so not even the site data (menus, site name) loads.
  if (siteServer) await stopServer(siteServer)
  siteServer = await startServer(sitePort, { CMS_GRAPHQL_URL: `http://127.0.0.1:${cmsPort}/graphql` })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.setExtraHTTPHeaders({ 'X-Request-Id': 'e2e-cold-outage-1' })
  const response = await openPage(page, `${site}/de/uber-uns`)
  expect(response?.status()).toBe(500)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Serverfehler')
  await expect(page.getByTestId('error-reference')).toHaveText('Fehlerreferenz: e2e-cold-outage-1')
  await expect(page.getByRole('link', { name: 'Zur Startseite', exact: true })).toHaveAttribute('href', '/de')
  const button = page.getByRole('button', { name: 'Menü' })
  await button.click()
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Nachrichten' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Sprache wählen' }).getByRole('link', { name: 'English' })).toBeVisible()
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutzerklärung' })).toBeVisible()
  await expectNoA11yViolations(page)
})
