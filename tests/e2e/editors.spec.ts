import { spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serverEntry } from '../../scripts/lib/server.mjs'
import { expect, expectNoA11yViolations, openPage, test } from './fixtures'
import { startServer, stopServer } from './server-process'
import { serverFunctionIds } from './server-functions'

/**
 * What editors do, on a server of its own with its own copy of content/: a media file dropped
 * in while it runs, a page in one language, a draft seen only in preview, and a page at an
 * address another route answers, which stops the start with file and line.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 100
const base = `http://127.0.0.1:${port}`
const secret = 'editors-e2e-preview-secret'

const page = (fields: string) =>
  ['# yaml-language-server: $schema=../schemas/page.json', 'type: Page', 'parent: home', 'sort: 90', fields, ''].join('\n')

function contentCopy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'site-editors-')), 'content')
  cpSync('content', dir, { recursive: true })
  return dir
}

test.describe.configure({ mode: 'serial' })

const contentDir = contentCopy()
writeFileSync(
  join(contentDir, 'pages/alleen-nl.yaml'),
  page('id: alleen-nl\nlanguages: [nl]\nurlSegment: { nl: alleen-nl }\ntitle: { nl: "Alleen in het Nederlands" }'),
)
writeFileSync(
  join(contentDir, 'pages/concept.yaml'),
  page(
    'id: concept\ndraft: true\nurlSegment: { nl: concept, en: draft, de: entwurf, fr: brouillon, da: kladde }\n' +
      'title: { nl: "Nog geheim", en: "Still secret", de: "Noch geheim", fr: "Encore secret", da: "Stadig hemmelig" }',
  ),
)

let server: ChildProcess | undefined

test.beforeAll(async () => {
  server = await startServer(port, {
    CONTENT_DIR: contentDir,
    PREVIEW_SECRET: secret,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'site-editors-data-')),
  })
})

test.afterAll(async () => {
  if (server) await stopServer(server)
})

test('a media file dropped into the content folder is served within seconds', async ({ request }) => {
  const path = '/media/dropped/new-photo.webp'
  expect((await request.get(`${base}${path}`)).status()).toBe(404)
  mkdirSync(join(contentDir, 'media/dropped'), { recursive: true })
  copyFileSync('public/media/hero-home.webp', join(contentDir, 'media/dropped/new-photo.webp'))
  await expect.poll(async () => (await request.get(`${base}${path}`)).status(), { timeout: 5_000 }).toBe(200)
  const response = await request.get(`${base}${path}`)
  expect(response.headers()).toMatchObject({
    'content-type': 'image/webp',
    'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
    'x-content-type-options': 'nosniff',
  })
  // Its resized copies too, without a build.
  const variant = await request.get(`${base}/media/_/320/dropped/new-photo.webp.avif`)
  expect(variant.status()).toBe(200)
  expect(variant.headers()['content-type']).toBe('image/avif')
  // The build's own media keep their URLs; other types and paths out of the folder are 404s.
  expect((await request.get(`${base}/media/hero-home.webp`)).status()).toBe(200)
  writeFileSync(join(contentDir, 'media/page.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
  for (const bad of ['/media/page.svg', '/media/%2e%2e/site.yaml', '/media/..%2fpages%2fhome.yaml', '/media/missing.pdf']) {
    expect((await request.get(`${base}${bad}`)).status(), bad).toBe(404)
  }
})

test('a page in Dutch only is served in Dutch, and nowhere else', async ({ request }) => {
  const response = await request.get(`${base}/alleen-nl`)
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toContain('Alleen in het Nederlands')
  const hreflangs = [...html.matchAll(/<link rel="alternate" hrefLang="([a-z-]+)"/g)].map((m) => m[1])
  expect(hreflangs).toContain('nl')
  expect(hreflangs).not.toContain('en')
  expect((await request.get(`${base}/en/alleen-nl`)).status()).toBe(404)
  const sitemap = await (await request.get(`${base}/sitemap.xml`)).text()
  expect(sitemap).toContain(`${base}/alleen-nl</loc>`)
})

test('a draft is a 404 without the preview cookie and a 200 with it, never cached', async ({ request }) => {
  expect((await request.get(`${base}/concept`)).status()).toBe(404)
  expect((await request.get(`${base}/api/preview?secret=wrong&path=/concept`, { maxRedirects: 0 })).status()).toBe(401)

  // fetch, not `request`: the test's request context would keep the cookie for every later request.
  const enter = await fetch(`${base}/api/preview?secret=${secret}&path=/concept`, { redirect: 'manual' })
  expect(enter.status).toBe(302)
  expect(enter.headers.get('location')).toBe('/concept')
  const setCookie = enter.headers.get('set-cookie') ?? ''
  expect(setCookie).toMatch(/^preview=[\w-]{22}\.\d+\.[\w-]{43}; Max-Age=7200; Path=\/; HttpOnly; SameSite=Lax/)
  const cookie = setCookie.split(';')[0] ?? ''

  for (let i = 0; i < 2; i++) {
    const draft = await request.get(`${base}/concept`, { headers: { Cookie: cookie } })
    expect(draft.status()).toBe(200)
    expect(draft.headers()['x-page-cache']).toBe('BYPASS')
    expect(draft.headers()['cache-control']).toBe('private, no-store')
    expect(await draft.text()).toContain('Nog geheim')
  }
  // Not pages only: whatever answers an editor in preview (the data the preview shows, the
  // preview state, the site data API) is theirs alone, never for a shared cache.
  const functionHeaders = {
    Cookie: cookie,
    origin: base,
    'sec-fetch-site': 'same-origin',
    'x-tsr-serverfn': 'true',
    accept: 'application/json',
  }
  for (const id of serverFunctionIds()) {
    const answer = await request.get(`${base}/_serverFn/${id}`, { headers: functionHeaders })
    expect(answer.headers()['cache-control'], id).toBe('private, no-store')
  }
  const globalData = await request.get(`${base}/api/global?locale=nl`, { headers: { Cookie: cookie } })
  expect(globalData.status()).toBe(200)
  expect(globalData.headers()['cache-control']).toBe('private, no-store')
  expect((await request.get(`${base}/api/global?locale=nl`)).headers()['cache-control']).toMatch(/^public/)
  // Nothing of the preview reached the shared cache or the sitemap.
  expect((await request.get(`${base}/concept`)).status()).toBe(404)
  expect(await (await request.get(`${base}/sitemap.xml`)).text()).not.toContain('/concept')
  // The public /graphql shows no draft to a forged token, nor to the editor's own cookie sent
  // from anywhere: only a site holding the secret makes the token its CMS accepts.
  const query = JSON.stringify({ query: '{ readOnePage(link: "/concept", locale: "nl_NL") { title } }' })
  const ask = async (token: string) =>
    (
      await request.post(`${base}/graphql`, { headers: { 'Content-Type': 'application/json', 'X-Preview-Token': token }, data: query })
    ).json()
  expect(await ask('9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toEqual({ data: { readOnePage: null } })
  expect(await ask(cookie.slice('preview='.length))).toEqual({ data: { readOnePage: null } })

  // Another site's link or image to the exit ends nothing: the preview stays.
  const forged = await request.get(`${base}/api/preview/exit?path=/concept`, {
    headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' },
    maxRedirects: 0,
  })
  expect(forged.status()).toBe(302)
  expect(forged.headers()['set-cookie']).toBeUndefined()
  expect((await request.get(`${base}/concept`, { headers: { Cookie: cookie } })).status()).toBe(200)
  const exit = await request.get(`${base}/api/preview/exit?path=/concept`, { headers: { Cookie: cookie }, maxRedirects: 0 })
  expect(exit.status()).toBe(302)
  expect(exit.headers()['set-cookie']).toMatch(/^preview=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/)
  // Leaving revoked the token: a copy of the cookie shows the published site, the draft is gone.
  const after = await request.get(`${base}/concept`, { headers: { Cookie: cookie } })
  expect(after.status()).toBe(404)
  expect(await after.text()).not.toContain('Nog geheim')
  // And a page sent to that copy clears it: its browser gets the shared pages again.
  const page = await request.get(`${base}/over-ons`, { headers: { Cookie: cookie } })
  expect(page.status()).toBe(200)
  expect(page.headers()['set-cookie']).toMatch(/^preview=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/)
  // A return path that is not ASCII goes back encoded (it used to be a 500); a control character means home.
  for (const [path, location] of [
    ['/%E6%97%A5', '/%E6%97%A5'],
    ['/de/%C3%BCber-uns', '/de/%C3%BCber-uns'],
    ['/%01', '/'],
  ]) {
    const back = await request.get(`${base}/api/preview/exit?path=${path}`, { maxRedirects: 0 })
    expect(back.status(), path).toBe(302)
    expect(back.headers()['location'], path).toBe(location)
  }
})

test('a site reading this one as its remote CMS shows its editors drafts, until they leave', async ({ request }) => {
  const remote = `http://127.0.0.1:${port + 2}`
  const reader = await startServer(port + 2, {
    CMS_GRAPHQL_URL: `${base}/graphql`,
    CONTENT_DIR: '/nonexistent-content',
    PREVIEW_SECRET: secret,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'site-editors-remote-')),
  })
  try {
    expect((await request.get(`${remote}/concept`)).status()).toBe(404)
    const enter = await fetch(`${remote}/api/preview?secret=${secret}&path=/concept`, { redirect: 'manual' })
    const cookie = (enter.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const draft = await request.get(`${remote}/concept`, { headers: { Cookie: cookie } })
    expect(draft.status()).toBe(200)
    expect(await draft.text()).toContain('Nog geheim')
    await request.get(`${remote}/api/preview/exit?path=/concept`, { headers: { Cookie: cookie }, maxRedirects: 0 })
    expect((await request.get(`${remote}/concept`, { headers: { Cookie: cookie } })).status()).toBe(404)
  } finally {
    await stopServer(reader)
  }
})

test('preview shows an accessible bar whose exit link ends it', async ({ page, consoleGuard }) => {
  // After exiting, the draft is a 404 page, as it should be.
  consoleGuard.allow(/status of 404/)
  await page.goto(`${base}/api/preview?secret=${secret}&path=/en/about-us`)
  await page.locator('html[data-hydrated="true"]').waitFor()
  const bar = page.getByRole('region', { name: 'Preview mode' })
  await expect(bar).toBeVisible()
  await expect(bar).toContainText('Preview')
  await expectNoA11yViolations(page)
  await openPage(page, `${base}/concept`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nog geheim')
  await page.getByRole('region', { name: 'Voorbeeldweergave' }).getByRole('link', { name: 'Voorbeeld sluiten' }).click()
  await expect(page.getByRole('region', { name: 'Voorbeeldweergave' })).toHaveCount(0)
  expect((await page.request.get(`${base}/concept`)).status()).toBe(404)
})

test('a page at an address another route answers stops the start, naming file and line', async () => {
  const dir = contentCopy()
  writeFileSync(
    join(dir, 'pages/shadowed.yaml'),
    page(
      'id: shadowed\nurlSegment: { nl: nieuws, en: shadowed, de: shadowed, fr: shadowed, da: shadowed }\ntitle: { nl: a, en: a, de: a, fr: a, da: a }',
    ),
  )
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: String(port + 1), SITE_URL: `http://127.0.0.1:${port + 1}`, CONTENT_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  expect(code).not.toBe(0)
  expect(output).toContain('content/pages/shadowed.yaml:6:15: urlSegment.nl: /nieuws is the news list, so this page would never be shown')
})
