import { type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { parse } from 'yaml'
import { startServer, stopServer } from './server-process'
import { editIn, field, languageTab, openBlock, saveDraft, textIn } from './decap-form'
import { expectNoAdminA11yViolations } from './fixtures'
import { full } from './tiers'

/**
 * The admin in the editor's language (ADR 097, 110): a German browser gets it in German, Decap's
 * texts, the form's labels and the server's refusals, put on their fields; a refusal on a
 * language the form does not show marks that language's tab, and the panel goes to it. The
 * chooser changes the language. A server of its own over a copy of content/.
 */
test.describe.configure({ mode: 'serial' })
// Decap is a 5 MB script: the German tests share one page that loads it once (editor() below).
test.setTimeout(300_000)

const port = Number(process.env.E2E_PORT ?? 3210) + 86
const base = `http://127.0.0.1:${port}`

const contentDir = join(mkdtempSync(join(tmpdir(), 'site-admin-languages-')), 'content')
cpSync('content', contentDir, { recursive: true })
mkdirSync(join(contentDir, 'media'), { recursive: true })
const titleOf = (file: string): unknown => parse(readFileSync(join(contentDir, file), 'utf8')).title

let server: ChildProcess | undefined

test.beforeAll(async () => {
  server = await startServer(port, {
    CONTENT_DIR: contentDir,
    CMS_ADMIN: 'local',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'site-admin-languages-data-')),
  })
})

let admin: Page | undefined

test.afterAll(async () => {
  await admin?.context().close()
  if (server) await stopServer(server)
})

/** Decap's questions ("are you sure?") answered yes; a local backup is not loaded. */
function answerDialogs(page: Page): void {
  page.on('dialog', (dialog) => {
    if (/backup|back-up|Sicherung/i.test(dialog.message())) void dialog.dismiss()
    else void dialog.accept()
  })
}

/** The admin as a German editor's browser opens it (German first in its languages), logged in. */
async function editor(browser: Browser): Promise<Page> {
  if (admin) return admin
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  await page.addInitScript(() => localStorage.setItem('cms.right-pane', 'none'))
  answerDialogs(page)
  await page.goto(`${base}/admin`, { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 200_000 })
  await expect(page.getByRole('heading', { name: 'Inhaltstypen' })).toBeVisible({ timeout: 60_000 })
  admin = page
  return page
}

async function openEntry(browser: Browser, collection: string, id: string): Promise<Page> {
  const page = await editor(browser)
  await page.goto(`${base}/admin#/collections/${collection}`, { waitUntil: 'commit' })
  await expect(field(page, 'ID')).toHaveCount(0, { timeout: 30_000 })
  await page.goto(`${base}/admin#/collections/${collection}/entries/${id}`, { waitUntil: 'commit' })
  await expect(field(page, 'ID').locator('input').first()).toHaveValue(id, { timeout: 120_000 })
  return page
}

test('a German browser gets the admin in German, and a refused save in German on its field', full, async ({ browser }) => {
  const page = await editor(browser)
  // Chosen from the browser's languages; the chooser offers the five by their own names.
  const chooser = page.getByRole('combobox', { name: 'Sprache der Verwaltung' })
  await expect(chooser).toHaveValue('de')
  await expect(chooser.locator('option')).toHaveText(['Nederlands', 'English', 'Deutsch', 'Français', 'Dansk'])
  await expect(page.getByRole('link', { name: 'Seiten' }).first()).toBeVisible()

  await openEntry(browser, 'pages-page', 'about')
  const block = await openBlock(page, 'In het kort', 'about-facts', 'Blöcke')
  const left = field(field(block, 'Linke Spalte'), 'Nederlands (nl)')
  // A link to an address the site does not have, written in Markdown.
  await left.getByRole('switch').first().click()
  await left.locator('[contenteditable="true"], textarea').first().fill('Siehe [unser Team](/over-ons/ons-team).')
  expect(await saveDraft(page, 'de')).toBe(false)
  const panel = page.locator('[data-admin-problems]')
  await expect(panel).toContainText('Nicht gespeichert', { timeout: 20_000 })
  await expect(panel).toContainText("Block 2 'In het kort', Linke Spalte (nl)")
  await expect(left.locator('[data-admin-problem]')).toHaveText(/verlinkt auf \/over-ons\/ons-team, aber dort ist keine Seite/)
  await panel.getByRole('button', { name: 'Schließen' }).click()
  await expect(panel).toHaveCount(0)
})

test("a refusal on a language the form does not show marks that language's tab; the panel goes to it", full, async ({ browser }) => {
  const page = await openEntry(browser, 'pages-page', 'sponsoring')
  const title = field(page, 'Titel')
  await editIn(page, 'Deutsch (de)')
  await textIn(page, 'Titel', 'Deutsch (de)').fill('')
  // The editor goes on in Dutch: the German title is out of sight when the save is refused.
  await editIn(page, 'Nederlands (nl)')
  expect(await saveDraft(page, 'de')).toBe(false)
  const panel = page.locator('[data-admin-problems]')
  await expect(panel).toContainText('Titel (de): fehlt', { timeout: 20_000 })
  const germanTab = languageTab(title, 'Deutsch (de)')
  await expect(germanTab).toHaveAttribute('data-admin-problem', '')
  await expect(germanTab).toHaveAttribute('aria-selected', 'false')
  // The marked tab and the panel are ours (form-script.ts, problems-script.ts): WCAG 2.2 AA.
  await expectNoAdminA11yViolations(page, ['.localized-tab[data-admin-problem]', '[data-admin-problems]'])
  const message = field(title, 'Deutsch (de)').locator('[data-admin-problem]')
  await expect(message).toBeHidden()
  await panel.getByRole('button', { name: 'Feld anzeigen' }).first().click()
  await expect(germanTab).toHaveAttribute('aria-selected', 'true')
  await expect(message).toBeVisible()
  await expect(message).toHaveText('fehlt')
  await page.screenshot({ path: test.info().outputPath('admin-tab-error.png') })
  // Nothing was written.
  expect(titleOf('pages/sponsoring.yaml')).toMatchObject({ de: expect.any(String) })
})

test('the chooser changes the language, and the choice stays in this browser', full, async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  answerDialogs(page)
  try {
    await page.addInitScript(() => localStorage.setItem('cms.right-pane', 'none'))
    await page.goto(`${base}/admin`, { waitUntil: 'commit' })
    const chooser = page.getByRole('combobox', { name: 'Sprache der Verwaltung' })
    await chooser.selectOption('en', { timeout: 200_000 })
    await page.getByRole('button', { name: 'Login' }).click({ timeout: 200_000 })
    await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible({ timeout: 60_000 })
    await expect(page.getByRole('combobox', { name: "The admin's language" })).toHaveValue('en')
    await page.reload({ waitUntil: 'commit' })
    await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible({ timeout: 200_000 })

    // The pictures in docs/content.md, written beside the test's results.
    await page.goto(`${base}/admin#/collections/pages-page/entries/about`, { waitUntil: 'commit' })
    await expect(field(page, 'ID').locator('input').first()).toHaveValue('about', { timeout: 120_000 })
    await field(page, 'Elements').scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 200)
    await page.screenshot({ path: test.info().outputPath('admin-page-blocks.png') })
    await page.goto(`${base}/admin#/collections/news/entries/jubileum`, { waitUntil: 'commit' })
    await expect(field(page, 'ID').locator('input').first()).toHaveValue('jubileum', { timeout: 120_000 })
    await editIn(page, 'English (en)')
    await expect(textIn(page, 'Title', 'English (en)')).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('admin-news-two-languages.png') })
  } finally {
    await context.close()
  }
})
