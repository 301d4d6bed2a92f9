import { type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { startServer, stopServer } from './server-process'
import { field, publishEntry } from './decap-form'
import { full } from './tiers'

/**
 * The locations in the admin: one entry per location, listed by city, found by a search for its
 * city, edited in a form of its own and live on its page. A server of its own over a copy of content/.
 */
test.describe.configure({ mode: 'serial' })
// Decap is a 5 MB script: the tests share one page that loads it once (editor() below).
test.setTimeout(300_000)

const port = Number(process.env.E2E_PORT ?? 3210) + 152
const base = `http://127.0.0.1:${port}`

const contentDir = join(mkdtempSync(join(tmpdir(), 'site-admin-locations-')), 'content')
cpSync('content', contentDir, { recursive: true })
mkdirSync(join(contentDir, 'media'), { recursive: true })
const locationCount = readdirSync('content/locations').filter((name) => name.endsWith('.yaml')).length

let server: ChildProcess | undefined

test.beforeAll(async () => {
  server = await startServer(port, {
    CONTENT_DIR: contentDir,
    CMS_ADMIN: 'local',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'site-admin-locations-data-')),
  })
})

let admin: Page | undefined

test.afterAll(async () => {
  await admin?.close()
  if (server) await stopServer(server)
})

/** The one admin page of these tests, logged in, in English (the labels below are Decap's English ones). */
async function editor(browser: Browser): Promise<Page> {
  if (admin) return admin
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await page.addInitScript(() => {
    localStorage.setItem('cms.right-pane', 'none')
    localStorage.setItem('admin-language', 'en')
  })
  page.on('dialog', (dialog) => {
    if (/local backup/.test(dialog.message())) void dialog.dismiss()
    else void dialog.accept()
  })
  await page.goto(`${base}/admin`, { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 200_000 })
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible({ timeout: 60_000 })
  admin = page
  return page
}

test('an editor finds a location by its city, changes its phone, and its page shows it', full, async ({ browser, request }) => {
  const page = await editor(browser)
  await page.goto(`${base}/admin#/collections/locations`, { waitUntil: 'commit' })
  const cards = page.locator('a[href*="/collections/locations/entries/"]')
  // Every location is an entry of its own, listed by city.
  await expect(cards).toHaveCount(locationCount, { timeout: 120_000 })
  await expect(cards.first()).toContainText('Aachen')

  const search = page.getByPlaceholder('Search all')
  await search.fill('Maastricht')
  await search.press('Enter')
  await expect(page).toHaveURL(/#\/collections\/locations\/search\/Maastricht$/)
  await expect(cards).toHaveCount(1, { timeout: 30_000 })
  await expect(cards).toContainText('Horizon Maastricht Lease')
  await cards.click()
  await expect(field(page, 'ID').locator('input').first()).toHaveValue('maastricht-leaselocation', { timeout: 60_000 })
  // Opening-hours rows are labelled by their value, not "Item".
  await expect(field(page, 'Opening hours').getByText('Mo-Fr 07:30-17:30', { exact: true })).toBeVisible()

  const file = join(contentDir, 'locations', 'maastricht-leaselocation.yaml')
  const before = readFileSync(file, 'utf8')
  await field(page, 'Phone').locator('input').fill('+31 43 555 0101')
  await publishEntry(page)

  await expect
    .poll(async () => (await request.get(`${base}/vestigingen/maastricht-leaselocation`)).text(), { timeout: 5_000 })
    .toContain('+31 43 555 0101')
  // Only the phone and the location's edit date changed in its file.
  const changed = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !before.split('\n').includes(line))
  expect(changed).toEqual([expect.stringMatching(/^lastEdited: /), 'phone: "+31 43 555 0101"'])
})

test('the news list starts with the newest item, as the site does', full, async ({ browser }) => {
  const page = await editor(browser)
  await page.goto(`${base}/admin#/collections/news`, { waitUntil: 'commit' })
  const cards = page.locator('a[href*="/collections/news/entries/"]')
  await expect(cards.first()).toBeVisible({ timeout: 60_000 })
  const dates = (await cards.allTextContents()).map((text) => /\d{4}-\d{2}-\d{2}/.exec(text)?.[0] ?? '')
  expect(dates.length).toBeGreaterThan(1)
  expect(dates).toEqual([...dates].sort().reverse())
})
