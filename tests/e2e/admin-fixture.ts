import { type ChildProcess } from 'node:child_process'
import { copyFileSync, cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type Browser, type BrowserContext, type Dialog, type Page } from '@playwright/test'
import { startServer, stopServer } from './server-process'

/**
 * One admin server per Playwright worker for the admin journeys (ADR 105): the built site with
 * CMS_ADMIN=local over a copy of content/, and one browser page with Decap (a 5 MB
 * script) loaded, which the admin specs run by that worker share. Each spec starts with
 * `adminSite.reset()`: the copy is put back as the repository has it (drafts and uploads gone)
 * and the server has reloaded it, so a spec sees what a server of its own would have shown it.
 *
 * The paths and address are known when a spec's module loads (Playwright names the worker's slot
 * in TEST_PARALLEL_INDEX), so test bodies use them as constants.
 */

/** Workers share nothing: each has its port (E2E_PORT + 166 + its slot: 166 and 167 with CI's two) and folder. */
export const adminPort = Number(process.env.E2E_PORT ?? 3210) + 166 + Number(process.env.TEST_PARALLEL_INDEX ?? 0)
export const adminBase = `http://127.0.0.1:${adminPort}`
/** The project folder around the content copy (a spec may put files beside it). */
export const adminProject = mkdtempSync(join(tmpdir(), 'site-admin-'))
export const adminContentDir = join(adminProject, 'content')
export const adminDataDir = join(adminProject, 'data')
/** The preview secret of the server (/api/preview). */
export const adminPreviewSecret = 'admin-preview-secret-0123456789'

export interface AdminPageOptions {
  /** The admin's language: English (the specs name Decap's English texts) or Dutch, its default. */
  language: 'en' | 'nl'
  /** Decap's pane beside the form; none by default (the preview renders every field again on each keystroke). */
  rightPane?: 'none' | 'preview'
  /** 1280 × 720 (the project's) by default. */
  viewport?: { width: number; height: number }
  /** The answer to a prompt (the Markdown editor's link button asks for the address). */
  promptAnswer?: () => string
}

export interface AdminSite {
  /** The running server (a cluster primary). */
  server: () => ChildProcess
  /** Everything the server wrote since it started, restarts included. */
  output: () => string
  /**
   * Puts the content copy back as the repository has it, then `prepare` (a spec's own changes),
   * and waits until every server worker has reloaded it. Listeners of `onOutput` are dropped.
   */
  reset: (prepare?: () => void) => Promise<void>
  /** Calls `listener` with what the server writes from now on (until the next reset). */
  onOutput: (listener: (text: string) => void) => void
  /** The worker's admin page, logged in, in the options' language, pane and size (it is loaded again only for another language). */
  editor: (options: AdminPageOptions) => Promise<Page>
  /** Stops the server (the page stays: `start` makes it load the admin again). */
  stop: () => Promise<void>
  /** Starts the server on what the folders hold, as a cold start. */
  start: () => Promise<void>
}

/**
 * Makes `to` hold what `from` holds: files missing or different are copied, what `from` lacks
 * (drafts, uploads, links) is removed. Returns whether anything changed.
 */
function mirror(from: string, to: string): boolean {
  let changed = false
  const theirs = new Set(readdirSync(from))
  for (const name of readdirSync(to)) {
    if (!theirs.has(name)) {
      rmSync(join(to, name), { recursive: true, force: true })
      changed = true
    }
  }
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name)
    const target = join(to, entry.name)
    const existing = lstatIfAny(target)
    if (entry.isDirectory()) {
      if (existing && !existing.isDirectory()) rmSync(target, { force: true })
      if (!existing?.isDirectory()) {
        cpSync(source, target, { recursive: true })
        changed = true
      } else if (mirror(source, target)) changed = true
    } else if (!existing?.isFile() || !readFileSync(source).equals(readFileSync(target))) {
      rmSync(target, { recursive: true, force: true })
      copyFileSync(source, target)
      changed = true
    }
  }
  return changed
}

function lstatIfAny(path: string) {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}

/** Decap's texts the page waits for, in the admin's two languages. */
const decapWords = {
  en: { login: 'Login', collections: 'Collections' },
  nl: { login: 'Inloggen', collections: 'Inhoudstypen' },
} as const

/** The server workers (by process id) that logged a finished reload of the content in `text` (content-store.server.ts, JSON lines). */
const workersReloaded = (text: string) =>
  new Set(
    text.split('\n').flatMap((line) => (/\[cms\] content (?:not )?reloaded/.test(line) ? (/"pid":(\d+)/.exec(line)?.slice(1) ?? []) : [])),
  ).size

async function startAdminSite(browser: Browser, serverWorkers: number): Promise<{ site: AdminSite; close: () => Promise<void> }> {
  const serverEnv = {
    CONTENT_DIR: adminContentDir,
    CMS_ADMIN: 'local',
    DATA_DIR: adminDataDir,
    PREVIEW_SECRET: adminPreviewSecret,
    WEB_CONCURRENCY: String(serverWorkers),
  }
  cpSync('content', adminContentDir, { recursive: true })
  mkdirSync(join(adminContentDir, 'media'), { recursive: true })
  let output = ''
  let listeners: ((text: string) => void)[] = []
  let child: ChildProcess | undefined
  let context: BrowserContext | undefined
  let page: Page | undefined
  /** The language the page has loaded the admin in (undefined: not loaded, or the server restarted). */
  let loadedIn: AdminPageOptions['language'] | undefined
  let answerPrompt = () => ''
  /** Whether this spec's size and pane are set (once per spec: a test may change the size, then ask for the page again). */
  let setUp = false

  const start = async () => {
    const from = output.length
    child = await startServer(adminPort, serverEnv, {
      onOutput: (text) => {
        output += text
        for (const listener of listeners) listener(text)
      },
    })
    // /healthz answers once one worker listens; the specs that ask every worker need both.
    await expect
      .poll(() => output.slice(from).match(/Worker #\d+ started/g)?.length ?? 0, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(serverWorkers)
  }
  const stop = async () => {
    if (child) await stopServer(child)
    child = undefined
    // A new server issues new session tokens: the admin is loaded again.
    loadedIn = undefined
  }

  const onDialog = (dialog: Dialog) => {
    if (dialog.type() === 'prompt') void dialog.accept(answerPrompt())
    // Decap offers an entry's local backup (left by a refused or unsaved edit): never loaded.
    else if (/backup|back-up/i.test(dialog.message())) void dialog.dismiss()
    // Leave an entry with unsaved changes, delete, publish: yes.
    else void dialog.accept()
  }

  const editor = async ({ language, rightPane = 'none', viewport, promptAnswer }: AdminPageOptions): Promise<Page> => {
    answerPrompt = promptAnswer ?? (() => '')
    if (!page) {
      context = await browser.newContext()
      page = await context.newPage()
      page.on('dialog', onDialog)
    }
    if (!setUp) await page.setViewportSize(viewport ?? { width: 1280, height: 720 })
    if (loadedIn !== language) {
      // The admin reads its language when it loads (localStorage of the site's origin).
      if (!page.url().startsWith(adminBase)) await page.goto(`${adminBase}/healthz`)
      await page.evaluate(
        ([language, pane]) => {
          localStorage.setItem('admin-language', language)
          localStorage.setItem('cms.right-pane', pane)
        },
        [language, rightPane] as const,
      )
      await page.goto(`${adminBase}/admin`, { waitUntil: 'commit' })
      const words = decapWords[language]
      const login = page.getByRole('button', { name: words.login })
      const collections = page.getByRole('heading', { name: words.collections })
      // Signed in already when this browser signed in before (Decap keeps the user): no Login then.
      await expect(login.or(collections).first()).toBeVisible({ timeout: 200_000 })
      if (await login.isVisible()) await login.click()
      await expect(collections).toBeVisible({ timeout: 60_000 })
      loadedIn = language
    } else if (!setUp) {
      // Decap reads its pane's choice each time it opens an entry.
      await page.evaluate((pane) => localStorage.setItem('cms.right-pane', pane), rightPane)
    }
    setUp = true
    return page
  }

  const reset = async (prepare?: () => void) => {
    listeners = []
    setUp = false
    const changed = mirror('content', adminContentDir)
    mkdirSync(join(adminContentDir, 'media'), { recursive: true })
    prepare?.()
    // Every worker reloads once the writes settle (100 ms without events), and a reload under way
    // when they came is followed by another: each worker logs a reload after this point.
    const from = output.length
    if (changed || prepare) {
      await expect.poll(() => workersReloaded(output.slice(from)), { timeout: 30_000 }).toBeGreaterThanOrEqual(serverWorkers)
    }
  }

  await start()
  const site: AdminSite = {
    server: () => {
      if (!child) throw new Error('the admin server is stopped')
      return child
    },
    output: () => output,
    reset,
    onOutput: (listener) => void listeners.push(listener),
    editor,
    stop,
    start,
  }
  return {
    site,
    close: async () => {
      await context?.close()
      await stop()
    },
  }
}

/**
 * The specs' `test`, with the worker's admin server: `adminSite`. `adminServerWorkers` is the
 * server's worker count, one unless a spec asks for more (`test.use({ adminServerWorkers: 2 })`:
 * Playwright then runs it in workers of its own): a second worker doubles the start-up and every
 * reload after a save on this 2-core machine.
 */
export const test = base.extend<object, { adminSite: AdminSite; adminServerWorkers: number }>({
  adminServerWorkers: [1, { scope: 'worker', option: true }],
  adminSite: [
    async ({ browser, adminServerWorkers }, provide) => {
      const { site, close } = await startAdminSite(browser, adminServerWorkers)
      await provide(site)
      await close()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
})

export { expect }
