import { type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { startServer, stopServer } from './server-process'
import { editIn, field, textIn } from './decap-form'
import { full } from './tiers'

/**
 * The preview beside the admin's form (ADR 099): the entry's own page as the site renders it,
 * from the form's unsaved values, in the language chosen in the pane. A server of its own (two
 * workers, as an editor's machine runs it) over a copy of content/, the pane shown.
 */
test.describe.configure({ mode: 'serial' })
// Decap is a 5 MB script: the tests share one page that loads it once (editor() below).
test.setTimeout(300_000)

const port = Number(process.env.E2E_PORT ?? 3210) + 71
const base = `http://127.0.0.1:${port}`

const contentDir = join(mkdtempSync(join(tmpdir(), 'site-admin-preview-')), 'content')
cpSync('content', contentDir, { recursive: true })
mkdirSync(join(contentDir, 'media'), { recursive: true })
const aboutFile = join(contentDir, 'pages/about.yaml')

let server: ChildProcess | undefined
let admin: Page | undefined

test.beforeAll(async () => {
  server = await startServer(port, {
    CONTENT_DIR: contentDir,
    CMS_ADMIN: 'local',
    WEB_CONCURRENCY: '2',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'site-admin-preview-data-')),
  })
})

test.afterAll(async () => {
  await admin?.close()
  if (server) await stopServer(server)
})

/** The one admin page of these tests, logged in, in English, with Decap's right pane on the preview. */
async function editor(browser: Browser): Promise<Page> {
  if (admin) return admin
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await page.addInitScript(() => {
    localStorage.setItem('cms.right-pane', 'preview')
    localStorage.setItem('admin-language', 'en')
  })
  page.on('dialog', (dialog) => void dialog.dismiss())
  await page.goto(`${base}/admin`, { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 200_000 })
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible({ timeout: 60_000 })
  admin = page
  return page
}

/** The site's page in the preview pane (Decap's pane is a frame; the site's page a frame in it). */
const sitePage = (page: Page) => page.frameLocator('#preview-pane').frameLocator('iframe[name="site-preview"]')
const pane = (page: Page) => page.frameLocator('#preview-pane')
/** The title of the site's page in the pane, as the browser has it (the frame is found again after each load). */
const titleShown = (page: Page) => () =>
  page
    .frame({ name: 'site-preview' })
    ?.title()
    .catch(() => '') ?? ''

test(
  'the preview shows the unsaved title in the chosen language, and the public page stays as it is',
  full,
  async ({ browser, request }) => {
    const page = await editor(browser)
    await page.goto(`${base}/admin#/collections/pages-page/entries/about`, { waitUntil: 'commit' })
    await expect(field(page, 'ID').locator('input').first()).toHaveValue('about', { timeout: 120_000 })
    const before = readFileSync(aboutFile, 'utf8')

    // The saved page first, in Dutch.
    await expect(sitePage(page).locator('html')).toHaveAttribute('lang', 'nl', { timeout: 30_000 })
    await expect.poll(titleShown(page)).toMatch(/^Over ons/)

    // A title typed, not saved: the preview shows it; the site and the file do not.
    const title = textIn(page, 'Title', 'Nederlands (nl)')
    await title.fill('Over ons en onze vakmensen')
    await expect.poll(titleShown(page), { timeout: 15_000 }).toMatch(/^Over ons en onze vakmensen/)
    const open = pane(page).getByRole('link', { name: /Open/ })
    await expect(open).toHaveAttribute('href', /^\/over-ons\?/)
    const publicPage = await request.get(`${base}/over-ons`)
    expect(publicPage.status()).toBe(200)
    const html = await publicPage.text()
    expect(html).toContain('Over ons')
    expect(html).not.toContain('onze vakmensen')
    expect(readFileSync(aboutFile, 'utf8')).toBe(before)

    // The pane's language: that language's page, with its own (saved) title.
    await pane(page)
      .getByLabel(/Language|Taal/)
      .selectOption('en')
    await expect(sitePage(page).locator('html')).toHaveAttribute('lang', 'en', { timeout: 15_000 })
    await expect.poll(titleShown(page)).toMatch(/^About us/)
    await expect(open).toHaveAttribute('href', /^\/en\/about-us\?/)

    // Values no save would take: a message in the pane, not a page.
    await editIn(page, 'English (en)')
    const segment = textIn(page, 'URL segment', 'English (en)')
    await segment.fill('About Us!')
    await expect(pane(page).getByRole('alert')).toContainText(/urlSegment/, { timeout: 15_000 })
    await segment.fill('about-us')
    await expect(pane(page).getByRole('alert')).toHaveCount(0, { timeout: 15_000 })
    await expect.poll(titleShown(page)).toMatch(/^About us/)
  },
)
