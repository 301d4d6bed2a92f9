import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type Page } from '@playwright/test'
import { adminBase, adminContentDir, expect, test, type AdminSite } from './admin-fixture'
import { field, publishEntry } from './decap-form'
import { full } from './tiers'

/**
 * The locations in the admin: one entry per location, listed by city, found by a search for its
 * city, edited in a form of its own and live on its page. The worker's admin server and page (admin-fixture.ts).
 */
test.describe.configure({ mode: 'serial' })
// Decap is a 5 MB script: the tests share the worker's page that loads it once (editor() below).
test.setTimeout(300_000)

const base = adminBase
const contentDir = adminContentDir
const locationCount = readdirSync('content/locations').filter((name) => name.endsWith('.yaml')).length

let site: AdminSite
test.beforeAll(async ({ adminSite }) => {
  site = adminSite
  await site.reset()
})

/** The worker's admin page, logged in, in English (the labels below are Decap's English ones). */
async function editor(_browser: Browser): Promise<Page> {
  return site.editor({ language: 'en', viewport: { width: 1400, height: 900 } })
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
