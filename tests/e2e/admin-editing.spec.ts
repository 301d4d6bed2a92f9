import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type Locator, type Page } from '@playwright/test'
import { parse } from 'yaml'
import { adminBase, adminContentDir, expect, test, type AdminSite } from './admin-fixture'
import { field, openBlock, publishEntry, textIn } from './decap-form'

/**
 * An editor's day in the admin (Decap CMS at /admin over the local backend): pasting from a word
 * processor, the rich-text mode of one field, "View Live", a toggle's default, picking an image
 * the site already has, and the admin's own language. The worker's admin server (admin-fixture.ts).
 */
test.describe.configure({ mode: 'serial' })
// Decap is a 5 MB script: the tests share the worker's page that loads it once (editor() below).
test.setTimeout(300_000)

const base = adminBase
const contentDir = adminContentDir
const aboutFile = join(contentDir, 'pages/about.yaml')

let site: AdminSite
test.beforeAll(async ({ adminSite }) => {
  site = adminSite
  await site.reset()
})

/** The worker's admin page, logged in, in English (the labels below are Decap's English ones). */
async function editor(_browser: Browser): Promise<Page> {
  return site.editor({ language: 'en' })
}

/** Saves and publishes the open entry (the editorial workflow: decap-form.ts). */
const publish = publishEntry

/** Opens an entry by way of its collection's list, so the entry open before is left. */
async function openEntry(browser: Browser, collection: string, id: string): Promise<Page> {
  const page = await editor(browser)
  await page.goto(`${base}/admin#/collections/${collection}`, { waitUntil: 'commit' })
  await expect(field(page, 'ID')).toHaveCount(0, { timeout: 30_000 })
  await page.goto(`${base}/admin#/collections/${collection}/entries/${id}`, { waitUntil: 'commit' })
  await expect(field(page, 'ID').locator('input').first()).toHaveValue(id, { timeout: 120_000 })
  return page
}

/**
 * Pastes HTML (and its plain text) into a field as the browser does from a word processor: the
 * system clipboard holds both, and Ctrl+V pastes them (Chromium then sends Decap's editor a
 * beforeinput "insertFromPaste" with the HTML).
 */
async function pasteHtml(page: Page, target: Locator, html: string, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
  await target.click()
  await page.evaluate(
    async ([html, text]) => {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([text], { type: 'text/plain' }),
        }),
      ])
    },
    [html, text] as const,
  )
  await target.press('ControlOrMeta+v')
}

test('a link pasted from a word processor inside a styled span keeps its text and its link', async ({ browser }) => {
  const page = await openEntry(browser, 'pages-page', 'about')
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  const block = await openBlock(page, 'In het kort', 'about-facts')
  const left = textIn(block, 'Left', 'Nederlands (nl)')
  await left.click()
  await left.press('ControlOrMeta+a')
  await left.press('Backspace')
  await expect(left).toHaveText('')
  // As Word and Google Docs put it on the clipboard: the text in a styled span, a link inside it.
  await pasteHtml(
    page,
    left,
    '<meta charset="utf-8"><b style="font-weight:normal" id="docs-internal-guid-1"><p><span style="color:red">Zie <a href="https://x.example">vakmensen</a>.</span></p></b>',
    'Zie vakmensen.',
  )
  await expect(left).toContainText('Zie vakmensen.', { timeout: 10_000 })
  await expect(left.getByRole('link', { name: 'vakmensen' })).toBeVisible()
  await publish(page)
  const saved = parse(readFileSync(aboutFile, 'utf8'))
  expect(saved.elements[1].left.nl).toMatch(/^Zie \[vakmensen\]\(https:\/\/x\.example\/?\)\.$/)
  expect(errors.filter((error) => /hyperscript/.test(error))).toEqual([])
})

test('a field switched to Markdown is the only one in Markdown; Markdown written there is kept', async ({ browser }) => {
  const page = await openEntry(browser, 'pages-page', 'about')
  const block = await openBlock(page, 'In het kort', 'about-facts')
  // Decap's switch between its two modes (Rich Text and Markdown) in a field's toolbar; in
  // Markdown the formatting buttons are off.
  const left = field(field(block, 'Left'), 'Nederlands (nl)')
  const right = field(field(block, 'Right'), 'Nederlands (nl)')
  const inMarkdown = (scope: Locator) => scope.getByRole('switch').first()
  await inMarkdown(left).click()
  await expect(inMarkdown(left)).toHaveAttribute('aria-checked', 'true')
  await expect(left.getByTitle('Bold', { exact: true }).first()).toBeDisabled()
  await left.locator('[contenteditable="true"], textarea').first().fill('Wij zijn een **familiebedrijf**.')
  // The field beside it stays in rich text, its toolbar working.
  await expect(inMarkdown(right)).not.toHaveAttribute('aria-checked', 'true')
  await expect(right.getByTitle('Bold', { exact: true }).first()).toBeEnabled()
  // Back to rich text: the Markdown is formatting now, and is saved as it was written.
  await inMarkdown(left).click()
  await expect(left.locator('[contenteditable="true"] strong')).toHaveText('familiebedrijf')
  await publish(page)
  expect(parse(readFileSync(aboutFile, 'utf8')).elements[1].left.nl).toBe('Wij zijn een **familiebedrijf**.')

  // Switched again and left in Markdown: another entry, and this one opened again, are in rich text.
  // (Publishing loads the entry again, its blocks folded.)
  const leftPublished = field(field(await openBlock(page, 'In het kort', 'about-facts'), 'Left'), 'Nederlands (nl)')
  await inMarkdown(leftPublished).click()
  await expect(inMarkdown(leftPublished)).toHaveAttribute('aria-checked', 'true')
  const news = await openEntry(browser, 'news', 'jubileum')
  const body = field(field(news, 'Body'), 'Nederlands (nl)')
  await expect(inMarkdown(body)).not.toHaveAttribute('aria-checked', 'true')
  await expect(body.getByTitle('Bold', { exact: true }).first()).toBeEnabled()
  const again = await openEntry(browser, 'pages-page', 'about')
  const leftAgain = field(field(await openBlock(again, 'In het kort', 'about-facts'), 'Left'), 'Nederlands (nl)')
  await expect(inMarkdown(leftAgain)).not.toHaveAttribute('aria-checked', 'true')
})

test('"View Live" opens the entry\'s own public page', async ({ browser, request }) => {
  const redirectOf = async (href: string | null) => {
    expect(href).not.toBeNull()
    const answer = await request.get(href ?? '', { maxRedirects: 0 })
    expect(answer.status()).toBe(302)
    expect(answer.headers()['cache-control']).toBe('no-store')
    return new URL(answer.headers().location ?? '', base).pathname
  }
  const viewLive = (page: Page) => page.getByRole('link', { name: 'View Live' })
  for (const [collection, id, path] of [
    ['pages-page', 'about', '/over-ons'],
    ['news', 'jubileum', '/nieuws/zestig-jaar-autogroep-horizon'],
  ] as const) {
    const page = await openEntry(browser, collection, id)
    await expect(viewLive(page)).toBeVisible({ timeout: 20_000 })
    expect(await redirectOf(await viewLive(page).getAttribute('href'))).toBe(path)
  }
  // A location is an entry of its own (ADR 098): its page.
  const page = await openEntry(browser, 'locations', 'utrecht-dealer')
  await expect(viewLive(page)).toBeVisible({ timeout: 20_000 })
  expect(await redirectOf(await viewLive(page).getAttribute('href'))).toBe('/vestigingen/utrecht-dealer')
  // The page itself answers there.
  expect((await request.get(`${base}/nieuws/zestig-jaar-autogroep-horizon`)).status()).toBe(200)
  const unknown = await request.get(`${base}/admin/view/news/no-such-item`, { maxRedirects: 0 })
  expect(unknown.status()).toBe(404)
  expect(await unknown.text()).toMatch(/no-such-item/)
})

test('"Show the title" shows on for a block that has no value (the default)', async ({ browser }) => {
  const before = parse(readFileSync(aboutFile, 'utf8'))
  expect(before.elements[1]).not.toHaveProperty('showTitle')
  const page = await openEntry(browser, 'pages-page', 'about')
  const block = await openBlock(page, 'In het kort', 'about-facts')
  const toggle = field(block, 'Show the title').getByRole('switch')
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  // Turned off, it is saved off.
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await publish(page)
  expect(parse(readFileSync(aboutFile, 'utf8')).elements[1].showTitle).toBe(false)
})

test("the media library lists the site's images; one picked is saved with a path the site serves", async ({ browser, request }) => {
  const page = await openEntry(browser, 'news', 'jubileum')
  await field(page, 'Image')
    .getByText(/Choose (?:an|different) image/)
    .click()
  await expect(page.getByText('hero-home.webp', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('history-1965.webp', { exact: true })).toBeVisible()
  await page.getByText('hero-home.webp', { exact: true }).click()
  await page.getByRole('button', { name: 'Choose selected' }).click()
  await publish(page)
  const src: unknown = parse(readFileSync(join(contentDir, 'news/jubileum.yaml'), 'utf8')).image.src
  expect(src).toBe('/media/hero-home.webp')
  expect((await request.get(`${base}/media/hero-home.webp`)).status()).toBe(200)
})

test("the admin speaks the browser's language, Dutch when it speaks none of them, or the editor's choice; Decap's texts follow", async ({
  browser,
}) => {
  // A browser in a language the admin does not speak: Dutch (editor.js decides before Decap loads).
  const spanish = await browser.newContext({ locale: 'es-ES' })
  try {
    const page = await spanish.newPage()
    await page.goto(`${base}/admin`, { waitUntil: 'commit' })
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl', { timeout: 60_000 })
  } finally {
    await spanish.close()
  }
  const context = await browser.newContext({ locale: 'en-US' })
  const page = await context.newPage()
  try {
    await page.goto(`${base}/admin`, { waitUntil: 'commit' })
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 200_000 })
    await page.getByRole('combobox', { name: "The admin's language" }).selectOption('nl')
    await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible({ timeout: 200_000 })
    // The choice stays (this browser), over the browser's own language.
    await page.reload({ waitUntil: 'commit' })
    await page.getByRole('button', { name: 'Inloggen' }).click({ timeout: 200_000 })
    await expect(page.getByRole('heading', { name: 'Inhoudstypen' })).toBeVisible({ timeout: 60_000 })
    // Logged in already: the collections again, in Danish.
    await page.getByRole('combobox', { name: 'Taal van de beheeromgeving' }).selectOption('da')
    await expect(page.getByRole('heading', { name: 'Samlinger' })).toBeVisible({ timeout: 200_000 })
  } finally {
    await context.close()
  }
})
