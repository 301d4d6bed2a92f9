import { type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { startServer, stopServer } from './server-process'
import { field, publishEntry, saveDraft, textIn } from './decap-form'

/**
 * Drafts beside the published version (Decap's editorial workflow over the local backend,
 * ADR 092) and news scheduled by its date (ADR 093): a draft of a live page leaves the page as
 * it is until it is published, preview mode shows it, and a news item dated in the future is
 * not shown to visitors. A server of its own over a copy of content/, one admin page.
 */
test.describe.configure({ mode: 'serial' })
test.setTimeout(300_000)

const port = Number(process.env.E2E_PORT ?? 3210) + 58
const base = `http://127.0.0.1:${port}`
const secret = 'drafts-preview-secret-0123456789'

const contentDir = join(mkdtempSync(join(tmpdir(), 'site-admin-drafts-')), 'content')
cpSync('content', contentDir, { recursive: true })
mkdirSync(join(contentDir, 'media'), { recursive: true })
const aboutFile = join(contentDir, 'pages/about.yaml')

let server: ChildProcess | undefined
let admin: Page | undefined

test.beforeAll(async () => {
  server = await startServer(port, {
    CONTENT_DIR: contentDir,
    CMS_ADMIN: 'local',
    PREVIEW_SECRET: secret,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'site-admin-drafts-data-')),
  })
})

test.afterAll(async () => {
  await admin?.close()
  if (server) await stopServer(server)
})

/** The one admin page of these tests, logged in, in English. */
async function editor(browser: Browser): Promise<Page> {
  if (admin) return admin
  const page = await browser.newPage()
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

async function openEntry(browser: Browser, collection: string, id: string): Promise<Page> {
  const page = await editor(browser)
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
