import { type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { startServer, stopServer } from './server-process'
import { full } from './tiers'

/**
 * Finding things in the admin (ADR 109), in its own language (Dutch, its default): the pages
 * listed as a tree; a search that finds a page by its blocks' text and a single location. A
 * server of its own over a copy of content/.
 */
test.describe.configure({ mode: 'serial' })
// Decap is a 5 MB script: the tests share one page that loads it once (editor() below).
test.setTimeout(300_000)

const port = Number(process.env.E2E_PORT ?? 3210) + 152
const base = `http://127.0.0.1:${port}`

const contentDir = join(mkdtempSync(join(tmpdir(), 'site-admin-links-')), 'content')
cpSync('content', contentDir, { recursive: true })
mkdirSync(join(contentDir, 'media'), { recursive: true })

let server: ChildProcess | undefined

test.beforeAll(async () => {
  server = await startServer(port, {
    CONTENT_DIR: contentDir,
    CMS_ADMIN: 'local',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'site-admin-links-data-')),
  })
})

let admin: Page | undefined

test.afterAll(async () => {
  await admin?.close()
  if (server) await stopServer(server)
})

/** The one admin page of these tests, logged in, in Dutch (the admin's default). */
async function editor(browser: Browser): Promise<Page> {
  if (admin) return admin
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await page.addInitScript(() => localStorage.setItem('cms.right-pane', 'none'))
  // Decap's own questions ("are you sure?") are answered yes; a local backup is not loaded.
  page.on('dialog', (dialog) => {
    if (/backup|back-up/i.test(dialog.message())) void dialog.dismiss()
    else void dialog.accept()
  })
  await page.goto(`${base}/admin`, { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Inloggen' }).click({ timeout: 200_000 })
  await expect(page.getByRole('heading', { name: 'Inhoudstypen' })).toBeVisible({ timeout: 60_000 })
  admin = page
  return page
}

test('the pages are listed as the site’s tree, children under their parent', full, async ({ browser }) => {
  const page = await editor(browser)
  await page.goto(`${base}/admin#/collections/pages-page`, { waitUntil: 'commit' })
  const cards = page.locator('a[href*="#/collections/pages-page/entries/"]')
  await expect(cards.first()).toBeVisible({ timeout: 60_000 })
  await expect(page.locator('[data-page-depth="2"]').first()).toBeVisible({ timeout: 20_000 })
  // In the order shown (top to bottom), with each card's indentation.
  const shown = await cards.evaluateAll((links) =>
    links
      .map((link) => ({ id: link.getAttribute('href')?.split('/entries/')[1] ?? '', box: link.getBoundingClientRect() }))
      .sort((a, b) => a.box.top - b.box.top)
      .map(({ id, box }) => ({ id, left: Math.round(box.left) })),
  )
  expect(shown.map(({ id }) => id)).toEqual([
    'home',
    'about',
    'mission',
    'csr',
    'sponsoring',
    'locations',
    'contact',
    'cookie-policy',
    'privacy',
    'terms',
  ])
  const left = new Map(shown.map(({ id, left }) => [id, left]))
  expect(left.get('about')).toBeGreaterThan(left.get('home') ?? Infinity)
  expect(left.get('mission')).toBeGreaterThan(left.get('about') ?? Infinity)
  expect(left.get('contact')).toBe(left.get('about'))
  await page.screenshot({ path: test.info().outputPath('admin-page-tree.png') })
})

test('search finds a page by the text of its blocks, and a single location by its street', full, async ({ browser }) => {
  const page = await editor(browser)
  const found = page.locator('a[href*="/entries/"]')
  await page.goto(`${base}/admin#/search/${encodeURIComponent('nog altijd in familiehanden')}`, { waitUntil: 'commit' })
  await expect(found).toHaveCount(1, { timeout: 60_000 })
  await expect(found).toHaveAttribute('href', /\/collections\/pages-page\/entries\/about$/)

  await page.goto(`${base}/admin#/search/${encodeURIComponent('Albersloher Weg')}`, { waitUntil: 'commit' })
  await expect(found.first()).toHaveAttribute('href', /\/collections\/locations\/entries\/munster-dealer$/, { timeout: 60_000 })
  await expect(found).toHaveCount(1)
})
