import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type Page } from '@playwright/test'
import { parse, parseDocument } from 'yaml'
import { adminBase, adminContentDir, expect, test, type AdminSite } from './admin-fixture'
import { askToPublish, field, openBlock, saveDraft, textIn } from './decap-form'
import { expectNoAdminA11yViolations } from './fixtures'
import { full } from './tiers'

/**
 * What the server says of a save, where the editor looks (ADR 094, 095), in the admin's own
 * language (Dutch, its default): a refused save named on its field, staying; a page renamed or
 * deleted while another page's rich text links to it. The worker's admin server and page (admin-fixture.ts).
 */
test.describe.configure({ mode: 'serial' })
// Decap is a 5 MB script: the tests share the worker's page that loads it once (editor() below).
test.setTimeout(300_000)

const base = adminBase

const contentDir = adminContentDir
const aboutFile = join(contentDir, 'pages/about.yaml')
const sponsoringFile = join(contentDir, 'pages/sponsoring.yaml')

/**
 * The about page's "In het kort" block (its second) links to the sponsoring page in Dutch and
 * English; its link field to that page goes to another, so only the rich text holds it there.
 */
function linkAboutToSponsoring(): void {
  const document = parseDocument(readFileSync(aboutFile, 'utf8'))
  document.setIn(['elements', 2, 'items', 3, 'link', 'page'], 'csr')
  document.setIn(['elements', 1, 'left', 'nl'], 'Lees over [onze sponsoring](/over-ons/sponsoring).')
  document.setIn(['elements', 1, 'left', 'en'], 'Read about [our sponsorship](/en/about-us/sponsorship).')
  writeFileSync(aboutFile, document.toString())
}
const leftText = (language: string): unknown => parse(readFileSync(aboutFile, 'utf8')).elements[1].left[language]

let site: AdminSite
test.beforeAll(async ({ adminSite }) => {
  site = adminSite
  await site.reset(linkAboutToSponsoring)
})

/** The worker's admin page, logged in, at 1400 × 900, in Dutch (the admin's default). */
async function editor(_browser: Browser): Promise<Page> {
  return site.editor({ language: 'nl', viewport: { width: 1400, height: 900 } })
}

async function openEntry(browser: Browser, collection: string, id: string): Promise<Page> {
  const page = await editor(browser)
  await page.goto(`${base}/admin#/collections/${collection}`, { waitUntil: 'commit' })
  await expect(field(page, 'ID')).toHaveCount(0, { timeout: 30_000 })
  await page.goto(`${base}/admin#/collections/${collection}/entries/${id}`, { waitUntil: 'commit' })
  await expect(field(page, 'ID').locator('input').first()).toHaveValue(id, { timeout: 120_000 })
  return page
}

/** Decap's notices of a publish and of a refusal (they go after a few seconds). */
const published = (page: Page) => page.getByText(/^Item gepubliceerd$/)
const failed = (page: Page) => page.getByText(/^Kan item niet (?:opslaan|publiceren|verwijderen)/)

test('a refused save is named on its field in Dutch, and stays there until dismissed', full, async ({ browser }) => {
  const page = await openEntry(browser, 'pages-page', 'about')
  // Decap's Dutch lacks "Add %{item}" for a list of block kinds: the admin adds it (decapPhraseGaps).
  await expect(field(page, 'Blokken').getByRole('button', { name: 'Voeg blokken toe' })).toBeVisible()
  const block = await openBlock(page, 'In het kort', 'about-facts', 'Blokken')
  const left = field(field(block, 'Linkerkolom'), 'Nederlands (nl)')
  // A link to an address the site does not have, written in Markdown.
  await left.getByRole('switch').first().click()
  await left.locator('[contenteditable="true"], textarea').first().fill('Zie [ons team](/over-ons/ons-team).')
  expect(await saveDraft(page, 'nl')).toBe(false)
  const panel = page.locator('[data-admin-problems]')
  await expect(panel).toContainText('Niet opgeslagen', { timeout: 20_000 })
  await expect(panel).toContainText("blok 2 'In het kort', Linkerkolom (nl)")
  const message = left.locator('[data-admin-problem]')
  await expect(message).toHaveText(/linkt naar \/over-ons\/ons-team, maar daar is geen pagina/)
  // Rows are counted from 1 and named, not `elements[1]`; no file:line.
  await expect(panel).not.toContainText('elements[')
  await expect(panel).not.toContainText('about.yaml')
  // Decap's notice goes; the message on the field stays.
  await expect(failed(page)).toHaveCount(0, { timeout: 30_000 })
  await expect(message).toBeVisible()
  await message.scrollIntoViewIfNeeded()
  // The picture in docs/content.md; written beside the test's results, so a run leaves the tree as it is.
  await page.screenshot({ path: test.info().outputPath('admin-field-error.png') })
  // The panel and the message on the field are ours (problems-script.ts): WCAG 2.2 AA.
  await expectNoAdminA11yViolations(page, ['[data-admin-problems]', '[data-admin-problem]'])
  // On a phone too: the panel fits the screen, its words and buttons whole.
  await page.setViewportSize({ width: 390, height: 844 })
  try {
    const box = await panel.boundingBox()
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= 390).toBe(true)
    expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    await page.screenshot({ path: test.info().outputPath('admin-field-error-phone.png') })
    await expectNoAdminA11yViolations(page, ['[data-admin-problems]', '[data-admin-problem]'])
  } finally {
    await page.setViewportSize({ width: 1400, height: 900 })
  }
  await panel.getByRole('button', { name: 'Sluiten' }).click()
  await expect(panel).toHaveCount(0)
  await expect(message).toHaveCount(0)
  expect(leftText('nl')).toBe('Lees over [onze sponsoring](/over-ons/sponsoring).')
})

test('renaming a page that rich text links to: the editor is told, and the links are mended', full, async ({ browser }) => {
  const page = await openEntry(browser, 'pages-page', 'sponsoring')
  await textIn(page, 'Deel van het webadres', 'Nederlands (nl)').fill('sponsoring-en-goede-doelen')
  // The draft is the editor's own: links are asked about when it would go live.
  expect(await saveDraft(page, 'nl')).toBe(true)
  await askToPublish(page, 'nl')
  const dialog = page.getByRole('dialog', { name: 'Links in tekst wijzen naar deze pagina' })
  await expect(dialog).toBeVisible({ timeout: 20_000 })
  await expect(dialog).toContainText(
    "Over ons — blok 2 'In het kort', Linkerkolom (nl): /over-ons/sponsoring wordt /over-ons/sponsoring-en-goede-doelen",
  )
  await expectNoAdminA11yViolations(page, ['[data-admin-broken-links]'])
  // The English link still leads to the page: not listed.
  await expect(dialog).not.toContainText('/en/about-us/sponsorship')
  await dialog.getByRole('button', { name: 'Links aanpassen en opslaan' }).click()
  await expect(published(page)).toBeVisible({ timeout: 20_000 })
  expect(leftText('nl')).toBe('Lees over [onze sponsoring](/over-ons/sponsoring-en-goede-doelen).')
  expect(leftText('en')).toBe('Read about [our sponsorship](/en/about-us/sponsorship).')
  expect(parse(readFileSync(sponsoringFile, 'utf8')).urlSegment.nl).toBe('sponsoring-en-goede-doelen')
})

test('deleting a page that rich text links to: the editor is told, and cancelling keeps everything', full, async ({ browser }) => {
  const page = await openEntry(browser, 'pages-page', 'sponsoring')
  await expect(published(page)).toHaveCount(0, { timeout: 20_000 })
  await page.getByRole('button', { name: 'Gepubliceerd item verwijderen', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Links in tekst wijzen naar deze pagina' })
  await expect(dialog).toBeVisible({ timeout: 20_000 })
  await expect(dialog).toContainText('/over-ons/sponsoring-en-goede-doelen (link weg, tekst blijft)')
  await expect(dialog).toContainText('/en/about-us/sponsorship (link weg, tekst blijft)')
  await dialog.getByRole('button', { name: 'Annuleren' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(failed(page)).toBeVisible({ timeout: 20_000 })
  expect(existsSync(sponsoringFile)).toBe(true)
  expect(leftText('nl')).toBe('Lees over [onze sponsoring](/over-ons/sponsoring-en-goede-doelen).')
})
