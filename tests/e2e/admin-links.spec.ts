import { type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { parse } from 'yaml'
import { startServer, stopServer } from './server-process'
import { field, openBlock, publishEntry } from './decap-form'
import { expectNoAdminA11yViolations } from './fixtures'
import { full } from './tiers'

/**
 * Links and finding things in the admin (ADR 109), in its own language (Dutch, its default): a
 * rich-text link picked from the site's pages in the language being edited, or typed; the pages
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
const aboutFile = join(contentDir, 'pages/about.yaml')

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
  await admin?.context().close()
  if (server) await stopServer(server)
})

/** The one admin page of these tests, logged in, in Dutch (the admin's default). */
async function editor(browser: Browser): Promise<Page> {
  if (admin) return admin
  // A context of its own, not browser.newPage(): axe's check opens a page beside it in the context.
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  await page.addInitScript(() => localStorage.setItem('cms.right-pane', 'none'))
  // Decap's own questions ("are you sure?") are answered yes; a local backup is not loaded. A
  // prompt for a link's address would be answered with a typed one: the picker must come first.
  page.on('dialog', (dialog) => {
    if (/backup|back-up/i.test(dialog.message())) void dialog.dismiss()
    else if (dialog.type() === 'prompt') void dialog.accept('https://typed-in-a-prompt.example')
    else void dialog.accept()
  })
  await page.goto(`${base}/admin`, { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Inloggen' }).click({ timeout: 200_000 })
  await expect(page.getByRole('heading', { name: 'Inhoudstypen' })).toBeVisible({ timeout: 60_000 })
  admin = page
  return page
}

/** Types `words` at the end of a rich-text field and selects them, as an editor does before pressing Link. */
async function typeAndSelect(page: Page, editable: Locator, words: string): Promise<void> {
  // Slate takes the page's caret in at most every 100 ms: typed at once after Ctrl+End, the words
  // would land where the click put the caret. An editor's hand is slower.
  await editable.click()
  await page.keyboard.press('Control+End')
  await page.waitForTimeout(300)
  await page.keyboard.type(` ${words}`)
  // Slate draws each typed letter and puts the caret back after it: a Shift+Arrow pressed while
  // it still draws is undone, and the link would take a word short. An editor's hand pauses too.
  await expect(editable).toContainText(` ${words}`)
  await page.waitForTimeout(300)
  // As an editor does: Shift+← until the words are selected (Slate's invisible caret positions at
  // a text's end take a press or two, more or fewer from one drawing to the next).
  const selected = () => page.evaluate(() => getSelection()?.toString() ?? '')
  for (let press = 0; press < words.length + 4 && (await selected()) !== words; press++) await page.keyboard.press('Shift+ArrowLeft')
  expect(await selected()).toBe(words)
  // Decap's editor (Slate) takes the page's selection in at most every 100 ms; an editor's hand
  // is slower than that from selecting to the link button.
  await page.waitForTimeout(300)
}

const leftText = (language: string): unknown => parse(readFileSync(aboutFile, 'utf8')).elements[1].left[language]

test('a rich-text link is picked from the pages, in the language being edited, or typed', full, async ({ browser }) => {
  const page = await editor(browser)
  await page.goto(`${base}/admin#/collections/pages-page/entries/about`, { waitUntil: 'commit' })
  await expect(field(page, 'ID').locator('input').first()).toHaveValue('about', { timeout: 120_000 })
  const block = await openBlock(page, 'In het kort', 'about-facts', 'Blokken')
  const column = field(block, 'Linkerkolom')

  // Dutch: the picker lists the pages as a tree and news items, with their Dutch addresses.
  const dutch = field(column, 'Nederlands (nl)')
  await typeAndSelect(page, dutch.locator('[contenteditable="true"]').first(), 'onze missie')
  await dutch.getByRole('button', { name: 'Link', exact: true }).click()
  const picker = page.getByRole('dialog', { name: 'Link naar…' })
  await expect(picker).toBeVisible()
  await expect(picker.getByRole('button', { name: /^Over ons/ })).toContainText('/over-ons')
  await expect(picker.getByRole('heading', { name: 'Nieuws' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('admin-link-picker.png') })
  // The dialog is ours (links-script.ts): WCAG 2.2 AA; the search box has the focus first.
  await expect(picker.getByRole('searchbox')).toBeFocused()
  await expectNoAdminA11yViolations(page, ['.link-picker'])
  // On a phone: the dialog fits the screen, its buttons whole.
  await page.setViewportSize({ width: 390, height: 844 })
  try {
    const box = await picker.boundingBox()
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= 390).toBe(true)
    await page.screenshot({ path: test.info().outputPath('admin-link-picker-phone.png') })
    await expectNoAdminA11yViolations(page, ['.link-picker'])
  } finally {
    await page.setViewportSize({ width: 1400, height: 900 })
  }
  await picker.getByRole('searchbox').fill('missie')
  await expect(picker.locator('button[data-path]')).toHaveCount(1)
  await picker.getByRole('button', { name: /Missie en visie/ }).click()
  await expect(picker).toHaveCount(0)
  await expect(dutch.locator('a', { hasText: 'onze missie' })).toBeVisible()

  // A typed web address still works.
  await typeAndSelect(page, dutch.locator('[contenteditable="true"]').first(), 'de fabrikant')
  await dutch.getByRole('button', { name: 'Link', exact: true }).click()
  await picker.getByRole('textbox', { name: 'Of een webadres' }).fill('https://www.example.com/fabrikant')
  // Enter in the address box links, as the Link button does (the form's first button is Cancel).
  await picker.getByRole('textbox', { name: 'Of een webadres' }).press('Enter')
  await expect(dutch.locator('a', { hasText: 'de fabrikant' })).toBeVisible()

  await publishEntry(page, 'nl')
  // Stored as addresses, like typed links: the link check follows them when the page moves.
  expect(leftText('nl')).toMatch(
    / \[onze missie\]\(\/over-ons\/missie-en-visie\) \[de fabrikant\]\(https:\/\/www\.example\.com\/fabrikant\)$/,
  )

  // The addresses in the other languages: link-targets.test.ts.
})

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
