import { type ChildProcess, execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { parse } from 'yaml'
import * as v from 'valibot'
import { constants } from '../../app.config'
import { requiredRole } from '../../app/server/admin/auth/roles'
import { saveDraft, textIn } from './decap-form'
import { expectNoAdminA11yViolations } from './fixtures'
import { startTestProvider, testClient } from './oidc-test-provider'
import { startServer, stopServer } from './server-process'
import { full } from './tiers'

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
async function signIn(browser: Browser, login: string, withDecap = true, rightPane: 'none' | 'preview' = 'none'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  contexts.push(context)
  const page = await context.newPage()
  if (!withDecap) await page.route(`${base}/admin/decap-cms.js`, (route) => route.abort())
  await page.addInitScript((pane) => {
    localStorage.setItem('cms.right-pane', pane)
    localStorage.setItem('admin-language', 'en')
  }, rightPane)
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
  // Signed in at the provider: straight into the admin, without Decap's own Login button (ADR 108).
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0)
  await expect(page.getByText('Eddie Editor · editor')).toBeVisible()
  // The account bar and the language menu are ours (account-script.ts, language-script.ts): WCAG 2.2 AA.
  await expectNoAdminA11yViolations(page, ['[data-admin-account]', '[data-admin-language]'])

  await page.goto(`${base}/admin#/collections/news/entries/jubileum`, { waitUntil: 'commit' })
  const title = textIn(page, 'Title', 'Nederlands (nl)')
  await title.fill('Zestig jaar, gevierd met iedereen')
  // An editor's save is a draft beside the published item (ADR 092); publishing it is a publisher's.
  expect(await saveDraft(page)).toBe(true)
  expect(readFileSync(join(contentDir, 'drafts', 'news', 'jubileum.yaml'), 'utf8')).toContain('Zestig jaar, gevierd met iedereen')
  expect(readFileSync(news('jubileum.yaml'), 'utf8')).not.toContain('Zestig jaar, gevierd met iedereen')
  // Beside the form, ours: the History panel, open on this wide screen (WCAG 2.2 AA).
  await expect(page.locator('[data-admin-history] summary')).toBeVisible()
  await expectNoAdminA11yViolations(page, ['[data-admin-history]'])
  const publish = await inPage(page, { action: 'publishUnpublishedEntry', params: { collection: 'news', slug: 'jubileum' } })
  expect(publish.status).toBe(403)

  // The admin's delete button would call this: the server refuses it, whatever the page shows.
  const refused = await inPage(page, { action: 'deleteFiles', params: { paths: ['content/news/jubileum.yaml'] } })
  expect(refused.status).toBe(403)
  expect(existsSync(news('jubileum.yaml'))).toBe(true)
})

test("the editor sees the saved draft on the entry's own page in preview mode; visitors see the published text", async ({ request }) => {
  if (!editor || !editorPage) throw new Error('the editor did not sign in')
  const page = editorPage
  // Decap's "View Preview" of the draft: the entry's page in preview mode, no secret asked for.
  const viewPreview = page.getByRole('link', { name: 'View Preview' })
  await expect(viewPreview).toHaveAttribute('href', '/admin/draft/admin/view/news/jubileum', { timeout: 30_000 })
  await page.screenshot({ path: 'docs/images/admin-site-view-preview.png' })
  const itemShown = page
    .context()
    .waitForEvent('response', (response) => response.request().resourceType() === 'document' && !response.url().includes('/admin'))
  const [preview] = await Promise.all([page.context().waitForEvent('page'), viewPreview.click()])
  const shown = await itemShown
  expect(shown.status()).toBe(200)
  await expect(preview.locator('main')).toContainText('Zestig jaar, gevierd met iedereen')
  // Drafts are this editor's alone: never stored by the browser, a proxy or the page cache.
  expect(shown.headers()['cache-control']).toBe('private, no-store')
  expect(shown.headers()['x-page-cache']).toBe('BYPASS')
  const itemPath = new URL(preview.url()).pathname
  expect(itemPath).toMatch(/^\/nieuws\//)
  await preview.close()

  // A visitor, before and after the editor's preview: the published text, from the shared cache too.
  for (let visit = 0; visit < 2; visit++) {
    const visitor = await request.get(`${base}${itemPath}`, { headers: { Cookie: '' } })
    expect(visitor.status()).toBe(200)
    const html = await visitor.text()
    expect(html).toContain('Zestig jaar Autogroep Horizon')
    expect(html).not.toContain('gevierd met iedereen')
    expect(visitor.headers()['cache-control']).not.toContain('private')
  }
  // Without a session there is no way into preview: the admin's door is shut, /api/preview needs PREVIEW_SECRET.
  const draftUrl = `${base}/admin/draft/admin/view/news/jubileum`
  const anonymous = await request.get(draftUrl, { maxRedirects: 0, headers: { Cookie: '' } })
  expect(anonymous.status()).toBe(401)
  expect(anonymous.headers()['set-cookie'] ?? '').not.toContain('preview')
  expect((await request.get(`${base}/api/preview?path=${itemPath}`, { maxRedirects: 0 })).status()).toBe(404)
  // A link on another site does not put a signed-in editor into preview.
  const crossSite = await request.get(draftUrl, { maxRedirects: 0, headers: { Cookie: editor.cookie, 'Sec-Fetch-Site': 'cross-site' } })
  expect(crossSite.status()).toBe(403)
  expect(crossSite.headers()['set-cookie'] ?? '').not.toContain('preview')
})

// A second Decap page (ADR 104: the pane's journeys are test:full's); on its own, so it runs alone too.
test('the preview pane beside the form shows the unsaved text, for a signed-in editor', full, async ({ browser, request }) => {
  const page = await signIn(browser, 'eddie', true, 'preview')
  page.on('dialog', (dialog) => void dialog.dismiss())
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible({ timeout: 60_000 })
  await page.goto(`${base}/admin#/collections/news/entries/wintercheck`, { waitUntil: 'commit' })
  // The site's page in the pane (Decap's pane is a frame, the site's page a frame in it).
  const heading = page.frameLocator('#preview-pane').frameLocator('iframe[name="site-preview"]').locator('main h1')
  await expect(heading).toHaveText(/^Gratis wintercheck/, { timeout: 60_000 })
  const title = textIn(page, 'Title', 'Nederlands (nl)')
  await title.fill('Gratis wintercheck, nu met ruitenvloeistof')
  await expect(heading).toHaveText('Gratis wintercheck, nu met ruitenvloeistof', { timeout: 20_000 })
  await title.evaluate((input) => input.scrollIntoView({ block: 'center' }))
  await page.screenshot({ path: 'docs/images/admin-site-preview.png' })
  // Nothing saved: the public page and the file are as they were.
  const itemPath = new URL(page.frame({ name: 'site-preview' })?.url() ?? base).pathname
  const visitor = await request.get(`${base}${itemPath}`, { headers: { Cookie: '' } })
  expect(visitor.status()).toBe(200)
  expect(await visitor.text()).not.toContain('nu met ruitenvloeistof')
  expect(readFileSync(news('wintercheck.yaml'), 'utf8')).not.toContain('nu met ruitenvloeistof')
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
  // The page's scripts have run (session.js adds the CSRF token to the calls below).
  await expect(page.getByText('Pia Publisher · publisher')).toBeVisible()
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
  // An old version shown, with the publisher's restore buttons: WCAG 2.2 AA (history-script.ts).
  await expectNoAdminA11yViolations(page, ['[data-admin-history]'])

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

/** Sends a body of `bytes` bytes (Content-Length, or chunked) and resolves on the answer, however early it comes. */
function postBody(path: string, bytes: number, chunked: boolean, headers: Record<string, string>): Promise<{ status: number; ms: number }> {
  const started = Date.now()
  let sent = 0
  return new Promise((resolve) => {
    const req = httpRequest(`${base}${path}`, {
      method: 'POST',
      agent: false,
      headers: { ...headers, ...(chunked ? {} : { 'Content-Length': String(bytes) }) },
    })
    req.on('response', (res) => {
      res.resume()
      resolve({ status: res.statusCode ?? 0, ms: Date.now() - started })
      req.destroy()
    })
    // The server may answer and close while the body is still being written.
    // A reset before the answer was read (status 0): the server stopped reading, and TCP may drop its answer.
    req.on('error', () => setTimeout(() => resolve({ status: 0, ms: Date.now() - started }), 2000))
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const write = () => {
      while (sent < bytes) {
        sent += chunk.byteLength
        if (!req.write(chunk)) return void req.once('drain', write)
      }
      req.end()
    }
    write()
  })
}

test('hostile calls to the admin and its preview get a quick 4xx; overlays stay bounded; the server lives', async ({ browser }) => {
  const page = await signIn(browser, 'eddie', false)
  const good = asEditorTab(await credentials(page))
  const healthy = async () => {
    const started = Date.now()
    const answer = await fetch(`${base}/healthz`)
    expect(answer.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(server?.exitCode).toBeNull()
  }
  const item: Record<string, unknown> = parse(readFileSync(news('wintercheck.yaml'), 'utf8'))
  const preview = (title: string) => ({
    collection: 'news',
    path: 'content/news/wintercheck.yaml',
    language: 'nl',
    data: { ...item, title: { ...(typeof item.title === 'object' ? item.title : {}), nl: title } },
  })

  // 20 MB to the preview and the API: refused by its size (signed in) or before it is read (not).
  const twentyMegabytes = 20 * 1024 * 1024
  for (const path of ['/admin/preview', '/admin/api/v1']) {
    for (const chunked of [false, true]) {
      for (const [headers, status] of [
        [good, 413],
        [{ ...good, Cookie: '' }, 401],
      ] as const) {
        // Again after a reset that lost the answer (the server closes while the body still comes,
        // and TCP may drop what it said), so the answer itself is what is checked.
        let answer = await postBody(path, twentyMegabytes, chunked, headers)
        for (let again = 0; answer.status === 0 && again < 5; again++) answer = await postBody(path, twentyMegabytes, chunked, headers)
        expect(answer.status, `${path}, ${status}, chunked: ${chunked}`).toBe(status)
        expect(answer.ms).toBeLessThan(10_000)
      }
    }
  }
  await healthy()

  // Made-up, malformed and oversized session cookies: not signed in, never an error of the server.
  const forged = [
    '__Host-admin-session=',
    '__Host-admin-session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    `__Host-admin-session=${'A'.repeat(4000)}`,
    '__Host-admin-session=%00%ff%fe; __Host-admin-session=x',
    "__Host-admin-session=' OR 1=1 --",
    `__Host-admin-session=${good.Cookie.split('=')[1] ?? ''}x`,
    'admin-session=' + (good.Cookie.split('=')[1] ?? ''),
  ]
  for (const cookie of forged) {
    for (const path of ['/admin/preview', '/admin/api/v1'])
      expect((await call(preview('x'), { ...good, Cookie: cookie }, path)).status, `${path}: ${cookie.slice(0, 60)}`).toBe(401)
    const admin = await fetch(`${base}/admin`, { headers: { Cookie: cookie }, redirect: 'manual' })
    expect(admin.status, cookie.slice(0, 60)).toBe(302)
    const draft = await fetch(`${base}/admin/draft/admin/view/news/wintercheck`, { headers: { Cookie: cookie }, redirect: 'manual' })
    expect(draft.status, cookie.slice(0, 60)).toBe(401)
  }

  // The preview without the CSRF token, from another origin, or not as JSON: refused, nothing kept.
  const { 'X-Admin-Session': _token, ...noToken } = good
  expect((await call(preview('x'), noToken, '/admin/preview')).status).toBe(403)
  expect((await call(preview('x'), { ...good, 'X-Admin-Session': 'x'.repeat(43) }, '/admin/preview')).status).toBe(403)
  expect((await call(preview('x'), { ...good, Origin: 'http://evil.example' }, '/admin/preview')).status).toBe(403)
  expect((await call(preview('x'), { ...good, 'Content-Type': 'text/plain' }, '/admin/preview')).status).toBe(415)
  let deep: unknown = []
  for (let level = 0; level < 40; level++) deep = [deep]
  expect((await call(deep, good, '/admin/preview')).status).toBe(400)

  // A flood of previews from one session: each replaces the last; the store holds one for it.
  const flood = await Promise.all(Array.from({ length: 24 }, (_, n) => call(preview(`Flood ${n}`), good, '/admin/preview')))
  for (const answer of flood) expect(answer.status).toBe(200)
  const db = new DatabaseSync(join(dataDir, 'site.sqlite'), { timeout: 5_000 })
  const overlays = db.prepare('SELECT COUNT(*) AS count FROM preview_overlay').get()
  db.close()
  // This session's one, and at most those of the other sessions of this file.
  expect(Number(overlays?.count)).toBeLessThanOrEqual(3)
  await healthy()
})

test('signing out ends the session on every worker, and the preview it entered', async ({ request }) => {
  if (!editor || !editorPage) throw new Error('the editor did not sign in')
  const headers = asEditorTab(editor)
  // The editor entered preview mode with View Preview (above): this browser holds its cookie.
  const previewName = constants.previewCookie.name
  const preview = (await editorPage.context().cookies(base)).find((cookie) => cookie.name === previewName)
  expect(preview).toBeDefined()
  const before = await Promise.all(Array.from({ length: 4 }, () => call({ action: 'info' }, headers)))
  expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
  // The lists show who is signed in and the sign-out button (an entry's form has neither: it would cover a field).
  await expect(editorPage.getByRole('button', { name: 'Sign out' })).toBeHidden()
  await editorPage.goto(`${base}/admin#/collections/news`, { waitUntil: 'commit' })
  await editorPage.getByRole('button', { name: 'Sign out' }).click()
  await expect(editorPage.getByRole('heading', { name: 'Signed out / Afgemeld' })).toBeVisible()
  const after = await Promise.all(Array.from({ length: 4 }, () => call({ action: 'info' }, headers)))
  expect(after.map((answer) => answer.status)).toEqual([401, 401, 401, 401])
  // The preview ends with the session: the cookie is gone, and a copy of it is known as revoked
  // (the server clears it, as it does a preview left in another tab).
  expect((await editorPage.context().cookies(base)).some((cookie) => cookie.name === previewName)).toBe(false)
  const copied = await request.get(`${base}/`, { headers: { Cookie: `${previewName}=${preview?.value ?? ''}` } })
  expect(copied.status()).toBe(200)
  expect(copied.headers()['set-cookie'] ?? '').toMatch(new RegExp(`^${previewName}=;.*Max-Age=0`, 'i'))
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
  has(/refused\s+sam@dealer\.example\s+-\s+sign-in$/)
  has(/refused\s+eddie@dealer\.example\s+editor\s+call\s+cross-origin/)
  has(/ok\s+eddie@dealer\.example\s+editor\s+session-expired$/)
  has(/ok\s+eddie@dealer\.example\s+editor\s+sign-out$/)
  has(/ok\s+pia@dealer\.example\s+publisher\s+restoreAndPublish\s+news\/jubileum/)
  has(/refused\s+eddie@dealer\.example\s+editor\s+restoreAndPublish\s+news\/jubileum/)
  // Nothing of visitors: no addresses, no browsers.
  expect(log).not.toMatch(/127\.0\.0\.1|Mozilla|Chrome/)
})
