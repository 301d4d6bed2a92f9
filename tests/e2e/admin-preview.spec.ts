import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type Page } from '@playwright/test'
import { adminBase, adminContentDir, expect, test, type AdminSite } from './admin-fixture'
import { editIn, field, textIn } from './decap-form'
import { full } from './tiers'

/**
 * The preview beside the admin's form (ADR 099): the entry's own page as the site renders it,
 * from the form's unsaved values, in the language chosen in the pane. The worker's admin server
 * (two workers, as an editor's machine runs it: admin-fixture.ts), the pane shown.
 */
test.describe.configure({ mode: 'serial' })
test.use({ adminServerWorkers: 2 })
// Decap is a 5 MB script: the tests share the worker's page that loads it once (editor() below).
test.setTimeout(300_000)

const base = adminBase
const aboutFile = join(adminContentDir, 'pages/about.yaml')

let site: AdminSite
test.beforeAll(async ({ adminSite }) => {
  site = adminSite
  await site.reset()
})

/** The worker's admin page, logged in, in English, with Decap's right pane on the preview. */
async function editor(_browser: Browser): Promise<Page> {
  return site.editor({ language: 'en', rightPane: 'preview', viewport: { width: 1400, height: 900 } })
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
