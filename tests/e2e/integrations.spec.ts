import type { ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { expect, openPage, test } from './fixtures'
import { startServer, stopServer } from './server-process'

/**
 * Third parties, faked locally: a Sentry ingest that records envelopes and a
 * Google Tag Manager script host.
 */
const fakePort = Number(process.env.E2E_PORT ?? 3210) + 20
const fake = `http://127.0.0.1:${fakePort}`
const sitePort = fakePort + 1
const brokenSitePort = fakePort + 2
const site = `http://127.0.0.1:${sitePort}`

let ingest: Server
const envelopes: string[] = []
const gtmRequests: string[] = []
const servers: ChildProcess[] = []

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  ingest = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      if (request.url?.startsWith('/api/1/envelope')) envelopes.push(body)
      if (request.url?.startsWith('/gtm.js')) gtmRequests.push(request.url)
      response.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/javascript' }).end('')
    })
  })
  await new Promise<void>((resolve) => ingest.listen(fakePort, '127.0.0.1', resolve))
  const dsn = `http://publickey@127.0.0.1:${fakePort}/1`
  servers.push(await startServer(sitePort, { SENTRY_DSN: dsn, GTM_ID: 'GTM-TEST1', GTM_SCRIPT_URL: `${fake}/gtm.js` }))
  // A site whose CMS is unreachable: every CMS call is a server error.
  servers.push(await startServer(brokenSitePort, { SENTRY_DSN: dsn, CMS_GRAPHQL_URL: `http://127.0.0.1:${fakePort + 9}/graphql` }))
})

test.afterAll(async () => {
  for (const server of servers) await stopServer(server)
  await new Promise<void>((resolve) => ingest.close(() => resolve()))
})

const errorEvents = (needle: string) => envelopes.filter((envelope) => envelope.includes('"type":"event"') && envelope.includes(needle))

test('Google Tag Manager loads only after consent', async ({ page }) => {
  await openPage(page, `${site}/en`)
  await page.waitForTimeout(500)
  expect(gtmRequests).toEqual([])
  await page.getByRole('button', { name: 'Accept' }).click()
  await expect.poll(() => gtmRequests).toEqual(['/gtm.js?id=GTM-TEST1'])
})

test('a thrown client error produces one Sentry envelope', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/e2e client boom/)
  await openPage(page, `${site}/en`)
  await expect.poll(() => page.evaluate(() => Boolean(Reflect.get(window, '__SENTRY__')))).toBe(true)
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e client boom')
    })
  })
  await expect.poll(() => errorEvents('e2e client boom').length, { timeout: 10_000 }).toBe(1)
})

test('a server error produces one Sentry envelope', async ({ request }) => {
  const response = await request.get(`http://127.0.0.1:${brokenSitePort}/api/global?locale=nl`)
  expect(response.status()).toBe(500)
  await expect.poll(() => errorEvents('ECONNREFUSED').length, { timeout: 10_000 }).toBe(1)
})

test('with no DSN configured nothing is sent', async ({ page }) => {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/envelope')) sent.push(request.url())
  })
  // The suite's main server has no SENTRY_DSN.
  await openPage(page, '/en')
  await page.evaluate(() => Reflect.get(window, '__SENTRY__'))
  expect(await page.evaluate(() => Reflect.get(window, '__SENTRY__'))).toBeUndefined()
  expect(sent).toEqual([])
})
