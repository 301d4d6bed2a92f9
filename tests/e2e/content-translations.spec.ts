import { spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { getOnNewConnection, startServer, stopServer } from './server-process'
import { full } from './tiers'

/**
 * The content's translations in PO catalogs (ADR 059) on a running site: the admin shows on an
 * entry's form how its translations stand per language, and a translation applied from a
 * catalog is live on every worker without a build. A server of its own with two workers over a
 * scratch copy of the project (content/, the catalogs, and what `jiti scripts/i18n.ts content`
 * needs), as a translator's checkout would be.
 */
test.describe.configure({ mode: 'serial' })

const port = Number(process.env.E2E_PORT ?? 3210) + 57
const base = `http://127.0.0.1:${port}`
const root = process.cwd()

const project = mkdtempSync(join(tmpdir(), 'site-content-translations-'))
for (const path of ['app', 'scripts', 'content', 'lingui.config.ts', 'app.config.ts', 'package.json', 'tsconfig.json'])
  cpSync(join(root, path), join(project, path), { recursive: true })
symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'))
const contentDir = join(project, 'content')

/** Replaces `from` (which must be there) with `to` in a file of the scratch project. */
function edit(path: string, from: string, to: string): void {
  const file = join(project, path)
  const text = readFileSync(file, 'utf8')
  expect(text, path).toContain(from)
  writeFileSync(file, text.replace(from, to))
}

let server: ChildProcess | undefined
let output = ''
let admin: Page | undefined

test.beforeAll(async () => {
  // The Dutch title of "Over ons" changed after it was translated: its four translations are fuzzy.
  edit('content/pages/about.yaml', 'title: { nl: Over ons,', 'title: { nl: Over ons en onze mensen,')
  server = await startServer(
    port,
    {
      CONTENT_DIR: contentDir,
      CMS_ADMIN: 'local',
      WEB_CONCURRENCY: '2',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'site-content-translations-data-')),
    },
    { onOutput: (text) => (output += text) },
  )
  await expect.poll(() => output.match(/Worker #\d started/g)?.length ?? 0, { timeout: 20_000 }).toBe(2)
})

test.afterAll(async () => {
  await admin?.close()
  if (server) await stopServer(server)
})

test('an entry with a fuzzy translation shows it per language, in the admin’s Dutch', full, async ({ browser }) => {
  test.setTimeout(240_000)
  const page = await browser.newPage()
  admin = page
  await page.addInitScript(() => localStorage.setItem('cms.right-pane', 'none'))
  await page.goto(`${base}/admin`, { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Inloggen' }).click({ timeout: 200_000 })
  await page.goto(`${base}/admin#/collections/pages-page/entries/about`, { waitUntil: 'commit' })

  // At this width (1280 px) a line in the corner, opened with a click; beside the form when wider.
  const summary = page.getByText('Vertalingen: 4 verouderd', { exact: true })
  await expect(summary).toBeVisible({ timeout: 120_000 })
  await summary.click()
  const status = page.getByRole('table', { name: 'Vertalingen' })
  await expect(status).toBeVisible()
  await expect(status.getByRole('columnheader')).toHaveText(['Taal', 'actueel', 'verouderd', 'ontbreekt'])
  for (const locale of ['EN', 'DE', 'FR', 'DA']) {
    const cells = status.getByRole('row', { name: new RegExp(`^${locale} `) }).getByRole('cell')
    // The title fuzzy, the page's other texts current, none missing.
    await expect(cells.nth(1)).toHaveText('1')
    await expect(cells.nth(2)).toHaveText('0')
    expect(Number(await cells.nth(0).textContent())).toBeGreaterThan(5)
  }
  await expect(page.getByText(/^Verouderd: het Nederlands is gewijzigd na de vertaling/)).toBeVisible()
})

/** Whether two pairs of requests on connections of their own all show `expected` (the primary hands connections to the workers in turn). */
async function everyWorkerShows(path: string, expected: RegExp): Promise<boolean> {
  for (let pair = 0; pair < 2; pair++) {
    const answers = await Promise.all([getOnNewConnection(`${base}${path}`), getOnNewConnection(`${base}${path}`)])
    if (answers.some(({ status, body }) => status !== 200 || !expected.test(body))) return false
  }
  return true
}

test('a translation applied from its catalog is live on both workers within 2 s', full, async () => {
  test.setTimeout(120_000)
  const page = '/de/uber-uns'
  // Both workers have rendered the page once (a fresh worker's first render is slow).
  expect(await everyWorkerShows(page, />Über die Autogroep Horizon</)).toBe(true)

  // The translator's change, as saved by a PO editor, then the command that applies it.
  edit('app/locales/de/content.po', 'msgstr "Über die Autogroep Horizon"', 'msgstr "Wer wir sind: die Autogroep Horizon"')
  const jiti = resolve(root, 'node_modules/jiti/lib/jiti-cli.mjs')
  // As from a shell (under NODE_ENV=test Lingui looks for its own test-only files), with the
  // content folder named as the server has it: an absolute path.
  const applied = spawnSync(process.execPath, [jiti, 'scripts/i18n.ts', 'content'], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', CONTENT_DIR: contentDir },
  })
  expect(applied.status, `${applied.stdout}${applied.stderr}`).toBe(0)
  expect(applied.stdout).toContain('content: 1 translations applied to content/pages/about.yaml')
  expect(readFileSync(join(contentDir, 'pages/about.yaml'), 'utf8')).toContain('Wer wir sind: die Autogroep Horizon')

  const started = Date.now()
  await expect.poll(() => everyWorkerShows(page, />Wer wir sind: die Autogroep Horizon</), { timeout: 2_000, intervals: [50] }).toBe(true)
  test.info().annotations.push({ type: 'live after the command', description: `${Date.now() - started} ms` })
})
