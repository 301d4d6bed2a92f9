import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { adminBase, adminContentDir, adminProject, expect, test, type AdminSite } from './admin-fixture'
import { getOnNewConnection } from './server-process'
import { full } from './tiers'

/**
 * The content's translations in PO catalogs (ADR 059) on a running site: the admin shows on an
 * entry's form how its translations stand per language, and a translation applied from a
 * catalog is live on every worker without a build. The worker's admin server (two workers,
 * admin-fixture.ts), its content copy in a scratch copy of the project (the catalogs beside the
 * content, where the server reads them, and what `jiti scripts/i18n.ts content` needs), as a
 * translator's checkout would be.
 */
test.describe.configure({ mode: 'serial' })
test.use({ adminServerWorkers: 2 })

const base = adminBase
const root = process.cwd()

const project = adminProject
const contentDir = adminContentDir

/** Replaces `from` (which must be there) with `to` in a file of the scratch project. */
function edit(path: string, from: string, to: string): void {
  const file = join(project, path)
  const text = readFileSync(file, 'utf8')
  expect(text, path).toContain(from)
  writeFileSync(file, text.replace(from, to))
}

let site: AdminSite

test.beforeAll(async ({ adminSite }) => {
  for (const path of ['app', 'scripts', 'lingui.config.ts', 'app.config.ts', 'package.json', 'tsconfig.json'])
    cpSync(join(root, path), join(project, path), { recursive: true })
  if (!existsSync(join(project, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'))
  site = adminSite
  // The Dutch title of "Over ons" changed after it was translated: its four translations are fuzzy.
  await site.reset(() => edit('content/pages/about.yaml', 'title: { nl: Over ons,', 'title: { nl: Over ons en onze mensen,'))
})

test('an entry with a fuzzy translation shows it per language, in the admin’s Dutch', full, async () => {
  test.setTimeout(240_000)
  // The worker's admin page, in Dutch, at 1280 px.
  const page = await site.editor({ language: 'nl' })
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
