import { type ChildProcess, execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import * as v from 'valibot'
import { requiredRole } from '../../app/server/admin/auth/roles'
import { saveDraft, textIn } from './decap-form'
import { startTestProvider, testClient } from './oidc-test-provider'
import { startServer, stopServer } from './server-process'

/**
 * The admin on the production site (CMS_ADMIN=site): editors sign in at the company's OpenID
 * Connect provider (a real one, oidc-provider, started here with its own login form), their
 * role comes from the provider's groups, and the server, run with two workers, enforces it on
 * every call. One Decap page for the whole file (it is a 5 MB script).
 */
test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

const port = Number(process.env.E2E_PORT ?? 3210) + 163
const providerPort = port + 1
const base = `http://127.0.0.1:${port}`
const project = mkdtempSync(join(tmpdir(), 'site-admin-site-'))
const contentDir = join(project, 'content')
cpSync('content', contentDir, { recursive: true })
mkdirSync(join(contentDir, 'media'), { recursive: true })
const dataDir = join(project, 'data')

let server: ChildProcess | undefined
let provider: { close: () => Promise<void> } | undefined
const contexts: BrowserContext[] = []

test.beforeAll(async () => {
  const started = await startTestProvider(providerPort, `${base}/admin/auth/callback`)
  provider = started
  server = await startServer(port, {
    CONTENT_DIR: contentDir,
    DATA_DIR: dataDir,
    WEB_CONCURRENCY: '2',
    CMS_ADMIN: 'site',
    ADMIN_OIDC_ISSUER: started.issuer,
    ADMIN_OIDC_CLIENT_ID: testClient.id,
    ADMIN_OIDC_CLIENT_SECRET: testClient.secret,
    ADMIN_EDITOR_GROUPS: 'marketing',
    ADMIN_PUBLISHER_GROUPS: 'web-leads',
  })
})
test.afterAll(async () => {
  for (const context of contexts) await context.close()
  if (server) await stopServer(server)
  await provider?.close()
})

/**
 * Signs `login` in through the provider's own form; the browser ends on /admin. `withDecap`
 * false: Decap's 5 MB app is not loaded (the calls are made through the page's own scripts).
 */
async function signIn(browser: Browser, login: string, withDecap = true): Promise<Page> {
  const context = await browser.newContext()
  contexts.push(context)
  const page = await context.newPage()
  if (!withDecap) await page.route(`${base}/admin/decap-cms.js`, (route) => route.abort())
  await page.addInitScript(() => {
    localStorage.setItem('cms.right-pane', 'none')
    localStorage.setItem('admin-language', 'en')
  })
  await page.goto(`${base}/admin`, { waitUntil: 'commit' })
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.waitForURL(`${base}/admin`, { waitUntil: 'commit' })
  return page
}

interface Credentials {
  cookie: string
  csrf: string
}

/** The session cookie of a signed-in page and the CSRF token /admin's page carries. */
async function credentials(page: Page): Promise<Credentials> {
  const session = (await page.context().cookies(base)).find((cookie) => cookie.name === '__Host-admin-session')
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })
  const csrf = await page.locator('meta[name="admin-session"]').getAttribute('content')
  expect(csrf).toBeTruthy()
  return { cookie: `__Host-admin-session=${session?.value ?? ''}`, csrf: csrf ?? '' }
}

/** A call of the API on a connection of its own (the cluster hands each to the next worker). */
function call(
  data: unknown,
  headers: Record<string, string>,
  path = '/admin/api/v1',
): Promise<{ status: number; body: string; location?: string }> {
  const body = JSON.stringify(data)
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method: 'POST', agent: false, timeout: 10_000, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, location: response.headers.location }))
    })
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
    request.end(body)
  })
}

const asEditorTab = ({ cookie, csrf }: Credentials) => ({
  'Content-Type': 'application/json; charset=utf-8',
  Origin: base,
  Cookie: cookie,
  'X-Admin-Session': csrf,
})

/** A call made in the page, through its own fetch (session.js adds the token and the versions). */
const inPage = (page: Page, data: unknown) =>
  page.evaluate(async (body) => {
    const answer = await fetch('/admin/api/v1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: answer.status, body: await answer.text() }
  }, data)

const news = (name: string) => join(contentDir, 'news', name)
let editor: Credentials | undefined
let editorPage: Page | undefined

test('/admin without a session sends the editor to sign in at the provider', async ({ request }) => {
  const admin = await request.get(`${base}/admin`, { maxRedirects: 0 })
  expect(admin.status()).toBe(302)
  expect(admin.headers().location).toBe('/admin/auth/sign-in')
  const signIn = await request.get(`${base}/admin/auth/sign-in`, { maxRedirects: 0 })
  expect(signIn.status()).toBe(302)
  const location = new URL(signIn.headers().location ?? '')
  expect(location.origin).toBe(`http://127.0.0.1:${providerPort}`)
  expect(location.searchParams.get('code_challenge_method')).toBe('S256')
  expect(location.searchParams.get('redirect_uri')).toBe(`${base}/admin/auth/callback`)
  expect(signIn.headers()['set-cookie']).toMatch(/^__Host-admin-sign-in=[\w-]{43}; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
})

test('an editor signs in at the provider, reaches /admin and saves an entry, but cannot delete', async ({ browser }) => {
  const page = await signIn(browser, 'eddie')
  editorPage = page
  editor = await credentials(page)
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 })
  await expect(page.getByText('Eddie Editor · editor')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible({ timeout: 30_000 })

  await page.goto(`${base}/admin#/collections/news/entries/jubileum`, { waitUntil: 'commit' })
  const title = textIn(page, 'Title', 'Nederlands (nl)')
  await title.fill('Zestig jaar, gevierd met iedereen')
  // An editor's save is a draft beside the published item (ADR 092); publishing it is a publisher's.
  expect(await saveDraft(page)).toBe(true)
  expect(readFileSync(join(contentDir, 'drafts', 'news', 'jubileum.yaml'), 'utf8')).toContain('Zestig jaar, gevierd met iedereen')
  expect(readFileSync(news('jubileum.yaml'), 'utf8')).not.toContain('Zestig jaar, gevierd met iedereen')
  const publish = await inPage(page, { action: 'publishUnpublishedEntry', params: { collection: 'news', slug: 'jubileum' } })
  expect(publish.status).toBe(403)

  // The admin's delete button would call this: the server refuses it, whatever the page shows.
  const refused = await inPage(page, { action: 'deleteFiles', params: { paths: ['content/news/jubileum.yaml'] } })
  expect(refused.status).toBe(403)
  expect(existsSync(news('jubileum.yaml'))).toBe(true)
})

/** The answer of the History panel's `entryHistory` call (history-api.server.ts). */
const historyAnswer = v.object({
  published: v.nullable(v.string()),
  versions: v.array(v.object({ id: v.number(), action: v.string(), author: v.nullable(v.string()) })),
})

test('a publisher publishes the draft, the history shows both versions, and a restore brings the old text back', async ({
  browser,
  request,
}) => {
  if (!editorPage) throw new Error('the editor did not sign in')
  const item = `${base}/nieuws/zestig-jaar-autogroep-horizon`
  const visitorSees = async () => (await request.get(item)).text()
  const entry = { collection: 'news', slug: 'jubileum' }
  expect(await visitorSees()).toContain('Zestig jaar Autogroep Horizon')

  // The History panel is the site's own script: it needs no Decap (whose 5 MB app is left out here).
  const page = await signIn(browser, 'pia', false)
  await page.setViewportSize({ width: 1400, height: 900 })
  // The editor's draft, published by the publisher: the page changes for visitors.
  expect((await inPage(page, { action: 'publishUnpublishedEntry', params: entry })).status).toBe(200)
  await expect.poll(visitorSees, { timeout: 15_000 }).toContain('Zestig jaar, gevierd met iedereen')

  // The editor reads the history, but restoring straight onto the site is a publisher's (403 from the API).
  const listed = await inPage(editorPage, { action: 'entryHistory', params: entry })
  expect(listed.status).toBe(200)
  const history = v.parse(historyAnswer, JSON.parse(listed.body))
  expect(history.versions.map(({ action, author }) => `${action} ${author ?? '-'}`)).toEqual(['publish Pia Publisher', 'earlier -'])
  const earlier = history.versions[1]?.id
  const refused = await inPage(editorPage, { action: 'restoreAndPublish', params: { ...entry, id: earlier, base: history.published } })
  expect(refused.status).toBe(403)

  // The publisher's History panel: newest first, who and what changed; what the old version said.
  await page.goto(`${base}/admin#/collections/news/entries/jubileum`, { waitUntil: 'commit' })
  const panel = page.locator('[data-admin-history]')
  const versions = panel.getByRole('listitem')
  await expect(versions).toHaveCount(2)
  await expect(versions.first()).toContainText('Pia Publisher')
  await expect(versions.first()).toContainText('Changed: Title (nl)')
  await expect(versions.nth(1)).toContainText('Version from before the history')
  await versions.nth(1).getByRole('button', { name: 'What it said then' }).click()
  await expect(versions.nth(1).getByRole('row', { name: /Title \(nl\)/ })).toContainText('Zestig jaar Autogroep Horizon')

  page.once('dialog', (dialog) => void dialog.accept())
  const restored = page.waitForResponse((response) => (response.request().postData() ?? '').includes('"action":"restoreAndPublish"'))
  await versions.nth(1).getByRole('button', { name: 'Restore and publish' }).click()
  expect((await restored).status()).toBe(200)
  await expect.poll(visitorSees, { timeout: 15_000 }).not.toContain('Zestig jaar, gevierd met iedereen')
  expect(await visitorSees()).toContain('Zestig jaar Autogroep Horizon')
  const after = v.parse(historyAnswer, JSON.parse((await inPage(editorPage, { action: 'entryHistory', params: entry })).body))
  expect(after.versions.map(({ action, author }) => `${action} ${author ?? '-'}`)).toEqual([
    'restore Pia Publisher',
    'publish Pia Publisher',
    'earlier -',
  ])
})

test('a publisher can delete', async ({ browser }) => {
  const page = await signIn(browser, 'pia', false)
  await expect(page.getByText('Pia Publisher · publisher')).toBeVisible()
  const entry = await inPage(page, { action: 'getEntry', params: { path: 'content/news/jubileum.yaml' } })
  expect(entry.status).toBe(200)
  const deleted = await inPage(page, { action: 'deleteFiles', params: { paths: ['content/news/jubileum.yaml'] } })
  expect(deleted.status).toBe(200)
  expect(existsSync(news('jubileum.yaml'))).toBe(false)
})

test('someone the provider knows but the site gives no role is refused at sign-in', async ({ browser }) => {
  const context = await browser.newContext()
  contexts.push(context)
  const page = await context.newPage()
  await page.goto(`${base}/admin`, { waitUntil: 'commit' })
  await page.locator('input[name="login"]').fill('sam')
  await page.locator('input[name="password"]').fill('x')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await expect(page.getByRole('heading', { name: 'No access / Geen toegang' })).toBeVisible()
  expect((await context.cookies(base)).map((cookie) => cookie.name)).not.toContain('__Host-admin-session')
})

test('every admin endpoint refuses calls without a session, from another origin, without the token, expired or of the wrong role', async ({
  browser,
}) => {
  if (!editor) throw new Error('the editor did not sign in')
  const good = asEditorTab(editor)
  const anonymous = { 'Content-Type': good['Content-Type'], Origin: base, 'X-Admin-Session': editor.csrf }
  const noToken = { 'Content-Type': good['Content-Type'], Origin: base, Cookie: editor.cookie }
  const cases: Array<[string, Record<string, string>, number]> = [
    ['no session', anonymous, 401],
    ['a made-up session', { ...good, Cookie: '__Host-admin-session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, 401],
    ['another origin', { ...good, Origin: 'http://evil.example' }, 403],
    ['another site of this machine', { ...good, Origin: `http://localhost:${port}` }, 403],
    ['a cross-site fetch', { ...good, 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['no CSRF token', noToken, 403],
    ['the CSRF token of another session', { ...good, 'X-Admin-Session': 'x'.repeat(43) }, 403],
    ['a form post', { ...good, 'Content-Type': 'text/plain' }, 415],
  ]
  const publisherOnly = Object.entries(requiredRole)
    .filter(([, role]) => role === 'publisher')
    .map(([action]) => action)
  for (const action of Object.keys(requiredRole)) {
    const data = {
      action,
      params: {
        paths: ['content/news/wintercheck.yaml'],
        path: 'content/news/wintercheck.yaml',
        collection: 'news',
        slug: 'wintercheck',
      },
    }
    for (const [what, headers, status] of cases) expect((await call(data, headers)).status, `${action}: ${what}`).toBe(status)
    if (publisherOnly.includes(action)) expect((await call(data, good)).status, `${action}: an editor`).toBe(403)
  }
  expect(existsSync(news('wintercheck.yaml'))).toBe(true)
  // The admin's page and its configuration: a sign-in, or 401.
  for (const [path, status] of [
    ['/admin', 302],
    ['/admin/config.yml', 401],
    ['/admin/view/news/wintercheck', 401],
  ] as const) {
    const answer = await new Promise<number>((resolve, reject) => {
      httpRequest(`${base}${path}`, { agent: false }, (response) => (response.resume(), resolve(response.statusCode ?? 0)))
        .on('error', reject)
        .end()
    })
    expect(answer, path).toBe(status)
  }
  // The sign-out form from another origin does not end the session.
  expect(
    (
      await call(
        {},
        { ...good, Origin: 'http://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
        '/admin/auth/sign-out',
      )
    ).status,
  ).toBe(403)
  expect((await call({ action: 'info' }, good)).status).toBe(200)

  // A session past its idle time (its last call moved back in the database) is refused and gone.
  const page = await signIn(browser, 'eddie', false)
  const idle = await credentials(page)
  expect((await call({ action: 'info' }, asEditorTab(idle))).status).toBe(200)
  const db = new DatabaseSync(join(dataDir, 'site.sqlite'), { timeout: 5_000 })
  const id = createHash('sha256')
    .update(idle.cookie.split('=')[1] ?? '')
    .digest('hex')
  expect(db.prepare('UPDATE admin_sessions SET seen_at = 0 WHERE id = ?').run(id).changes).toBe(1)
  db.close()
  for (const action of Object.keys(requiredRole))
    expect((await call({ action, params: {} }, asEditorTab(idle))).status, `${action}: expired`).toBe(401)
})

test('signing out ends the session on every worker', async () => {
  if (!editor || !editorPage) throw new Error('the editor did not sign in')
  const headers = asEditorTab(editor)
  const before = await Promise.all(Array.from({ length: 4 }, () => call({ action: 'info' }, headers)))
  expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
  // The lists show who is signed in and the sign-out button (an entry's form has neither: it would cover a field).
  await expect(editorPage.getByRole('button', { name: 'Sign out' })).toBeHidden()
  await editorPage.goto(`${base}/admin#/collections/news`, { waitUntil: 'commit' })
  await editorPage.getByRole('button', { name: 'Sign out' }).click()
  await expect(editorPage.getByRole('heading', { name: 'Signed out / Afgemeld' })).toBeVisible()
  const after = await Promise.all(Array.from({ length: 4 }, () => call({ action: 'info' }, headers)))
  expect(after.map((answer) => answer.status)).toEqual([401, 401, 401, 401])
})

test('operators read who did what in the audit log', () => {
  const log = execFileSync(process.execPath, ['scripts/admin-audit.mjs'], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' })
  const lines = log.trim().split('\n')
  const has = (pattern: RegExp) =>
    expect(
      lines.some((line) => pattern.test(line)),
      String(pattern),
    ).toBe(true)
  has(/ok\s+eddie@dealer\.example\s+editor\s+sign-in$/)
  has(/ok\s+eddie@dealer\.example\s+editor\s+persistEntry\s+content\/news\/jubileum\.yaml/)
  has(/refused\s+eddie@dealer\.example\s+editor\s+deleteFiles\s+content\/news\/jubileum\.yaml/)
  has(/ok\s+pia@dealer\.example\s+publisher\s+deleteFiles\s+content\/news\/jubileum\.yaml/)
  has(/ok\s+pia@dealer\.example\s+publisher\s+restoreAndPublish\s+news\/jubileum/)
  has(/refused\s+eddie@dealer\.example\s+editor\s+restoreAndPublish\s+news\/jubileum/)
  has(/refused\s+sam@dealer\.example\s+-\s+sign-in$/)
  has(/refused\s+eddie@dealer\.example\s+editor\s+call\s+cross-origin/)
  has(/ok\s+eddie@dealer\.example\s+editor\s+session-expired$/)
  has(/ok\s+eddie@dealer\.example\s+editor\s+sign-out$/)
  // Nothing of visitors: no addresses, no browsers.
  expect(log).not.toMatch(/127\.0\.0\.1|Mozilla|Chrome/)
})
