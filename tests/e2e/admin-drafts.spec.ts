import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type Page } from '@playwright/test'
import { adminBase, adminContentDir, adminPreviewSecret, expect, test, type AdminSite } from './admin-fixture'
import { field, publishEntry, saveDraft, textIn } from './decap-form'
import { expectNoAdminA11yViolations } from './fixtures'

/**
 * Drafts beside the published version (Decap's editorial workflow over the local backend,
 * ADR 092) and news scheduled by its date (ADR 093): a draft of a live page leaves the page as
 * it is until it is published, preview mode shows it, and a news item dated in the future is
 * not shown to visitors. The worker's admin server and page (admin-fixture.ts).
 */
test.describe.configure({ mode: 'serial' })
test.setTimeout(300_000)

const base = adminBase
const secret = adminPreviewSecret

const aboutFile = join(adminContentDir, 'pages/about.yaml')

let site: AdminSite
test.beforeAll(async ({ adminSite }) => {
  site = adminSite
  await site.reset()
})

/** The worker's admin page, logged in, in English unless asked. */
async function editor(_browser: Browser, language: 'en' | 'nl' = 'en'): Promise<Page> {
  return site.editor({ language })
}

async function openEntry(browser: Browser, collection: string, id: string, language: 'en' | 'nl' = 'en'): Promise<Page> {
  const page = await editor(browser, language)
  await page.goto(`${base}/admin#/collections/${collection}`, { waitUntil: 'commit' })
  await expect(field(page, 'ID')).toHaveCount(0, { timeout: 30_000 })
  await page.goto(`${base}/admin#/collections/${collection}/entries/${id}`, { waitUntil: 'commit' })
  await expect(field(page, 'ID').locator('input').first()).toHaveValue(id, { timeout: 120_000 })
  return page
}

/** A page's HTML as a visitor gets it (no cookie). */
const visitor = async (path: string) => {
  const response = await fetch(`${base}${path}`)
  return { status: response.status, text: await response.text() }
}

/** A page's HTML in preview mode (the editor's signed cookie from /api/preview). */
async function inPreview(path: string): Promise<string> {
  const enter = await fetch(`${base}/api/preview?secret=${secret}&path=${encodeURIComponent(path)}`, { redirect: 'manual' })
  expect(enter.status).toBe(302)
  const cookie = (enter.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  return (await fetch(`${base}${path}`, { headers: { Cookie: cookie } })).text()
}

test('a draft of a live page leaves it as it is, shows in preview, and goes live when published', async ({ browser }) => {
  const before = readFileSync(aboutFile, 'utf8')
  const page = await openEntry(browser, 'pages-page', 'about')
  await textIn(page, 'Title', 'Nederlands (nl)').fill('Over ons in concept')
  await saveDraft(page)

  // The live page and its file are as they were.
  expect(readFileSync(aboutFile, 'utf8')).toBe(before)
  await expect.poll(async () => (await inPreview('/over-ons')).includes('Over ons in concept'), { timeout: 15_000 }).toBe(true)
  const live = await visitor('/over-ons')
  expect(live.status).toBe(200)
  expect(live.text).not.toContain('Over ons in concept')

  await publishEntry(page)
  await expect.poll(async () => (await visitor('/over-ons')).text.includes('Over ons in concept'), { timeout: 15_000 }).toBe(true)
  expect(readFileSync(aboutFile, 'utf8')).toContain('Over ons in concept')
})

test("a date is spelled out in the admin's language beside the browser's native input", async ({ browser }) => {
  // The native input writes the date as the browser's locale does, whatever the admin speaks.
  const dutch = await openEntry(browser, 'news', 'jubileum', 'nl')
  const datum = field(dutch, 'Datum').locator('input').first()
  const spelled = field(dutch, 'Datum').locator('output')
  await expect(spelled).toHaveText('maandag 1 september 2025')
  await datum.fill('2026-04-03')
  await expect(spelled).toHaveText('vrijdag 3 april 2026')
  // Heard with the input, not only seen.
  await expect(datum).toHaveAccessibleDescription('vrijdag 3 april 2026')
  // A date still to come publishes the item that day (ADR 093).
  await datum.fill('2099-01-01')
  await expect(spelled).toHaveText('donderdag 1 januari 2099 (gepland: nog niet op de site)')
  // The line is ours (date-script.ts; the input beside it is Decap's): WCAG 2.2 AA.
  await expectNoAdminA11yViolations(dutch, ['.admin-date-spelled'])
  // The picture in docs/content.md, written beside the test's results.
  await dutch.setViewportSize({ width: 1400, height: 900 })
  await dutch.screenshot({ path: test.info().outputPath('admin-date.png') })
  await dutch.setViewportSize({ width: 1280, height: 720 })

  // The edit is left unsaved (the fixture says yes to leaving it).
  const english = await openEntry(browser, 'news', 'jubileum', 'en')
  const date = field(english, 'Date').locator('input').first()
  const line = field(english, 'Date').locator('output')
  await expect(line).toHaveText('Monday, September 1, 2025')
  await date.fill('2026-04-03')
  await expect(line).toHaveText('Friday, April 3, 2026')
  // No date, no words.
  await field(english, 'Date').getByRole('button', { name: 'Clear' }).click()
  await expect(date).toHaveValue('')
  await expect(line).toBeEmpty()
  await expect(line).toBeHidden()
  await expect(date).not.toHaveAttribute('aria-describedby')
  // Nothing was saved: the file keeps its date as it was written.
  expect(readFileSync(join(adminContentDir, 'news/jubileum.yaml'), 'utf8')).toMatch(/^date: 2025-09-01$/m)
})

test('a news item dated in the future is not shown to visitors until its day, but is in preview', async ({ browser }) => {
  const page = await openEntry(browser, 'news', 'jubileum')
  const date = field(page, 'Date').locator('input').first()
  await date.fill('2099-01-01')
  await date.press('Tab')
  await publishEntry(page)

  const item = '/nieuws/zestig-jaar-autogroep-horizon'
  await expect.poll(async () => (await visitor(item)).status, { timeout: 15_000 }).toBe(404)
  expect((await visitor('/nieuws')).text).not.toContain('Zestig jaar Autogroep Horizon')
  expect((await visitor('/nieuws/feed.xml')).text).not.toContain('Zestig jaar Autogroep Horizon')
  expect((await visitor('/sitemap.xml')).text).not.toContain(item)
  expect(await inPreview(item)).toContain('Zestig jaar Autogroep Horizon')
})
