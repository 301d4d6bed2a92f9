import { type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { type APIRequestContext } from '@playwright/test'
import { adminBase, adminContentDir, adminDataDir, adminProject, expect, test, type AdminSite } from './admin-fixture'
import { workerPids } from './server-process'

/**
 * The local admin's backend attacked as it was before it became the site's own: each
 * reproduction is sent to a built server with CMS_ADMIN=local over a copy of a project (content,
 * package.json, a database file: the worker's admin server, admin-fixture.ts), then the server is
 * started cold on what is left, and serves.
 */
test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

const base = adminBase
const project = adminProject
const contentDir = adminContentDir
const dataDir = adminDataDir
/** Outside the content folder, linked from inside it. */
const outside = join(project, 'outside.yaml')

let site: AdminSite
let server: ChildProcess | undefined
let output = ''

test.beforeAll(async ({ adminSite }) => {
  site = adminSite
  await site.reset(() => {
    writeFileSync(join(project, 'package.json'), '{"name":"not-to-be-written"}\n')
    writeFileSync(outside, 'secret: 1\n')
    symlinkSync(outside, join(contentDir, 'pages', 'linked.yaml'))
  })
  server = site.server()
  site.onOutput((text) => (output += text))
})

/** The editor's tab's headers: its Origin and the session token of /admin's page. */
async function editorHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const html = await (await request.get(`${base}/admin`)).text()
  const token = /<meta name="admin-session" content="([^"]+)">/.exec(html)?.[1]
  expect(token).toBeTruthy()
  return { 'Content-Type': 'application/json; charset=utf-8', Origin: base, 'X-Admin-Session': token ?? '' }
}

/** Every file of the project beside the content folder, with its bytes. */
function projectFiles(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(project, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.parentPath.startsWith(contentDir) && !entry.parentPath.startsWith(dataDir))
      .map((entry) => [join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name), 'base64')]),
  )
}

const versionOf = async (request: APIRequestContext, headers: Record<string, string>, path: string): Promise<string> =>
  (await (await request.post(`${base}/admin/api/v1`, { headers, data: { action: 'getEntry', params: { path } } })).json()).file.id

test('no second server: nothing but the site and its workers, nothing on the old backend port', async () => {
  const children = workerPids(server?.pid)
  expect(children.length).toBeGreaterThan(0)
  for (const pid of children) expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).not.toContain('decap-server')
  const refused = await new Promise<boolean>((resolve) => {
    const socket = connect(8081, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(false)))
    socket.once('error', () => resolve(true))
  })
  expect(refused).toBe(true)
})

test('a page on another origin of this machine cannot write through the admin, with or without CORS', async ({ browser }) => {
  const other: Server = createServer((_, response) => {
    response.setHeader('Content-Type', 'text/html; charset=utf-8')
    response.end('<!doctype html><title>other</title>')
  })
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
  const address = other.address()
  const otherPort = typeof address === 'object' && address ? address.port : 0
  const page = await browser.newPage()
  try {
    await page.goto(`http://localhost:${otherPort}/`)
    const outcome = await page.evaluate(async (api) => {
      const body = JSON.stringify({
        action: 'persistMedia',
        params: { asset: { path: 'content/media/x.png', content: 'eA==', encoding: 'base64' } },
      })
      const results: string[] = []
      try {
        const answer = await fetch(api, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
        results.push(`cors ${answer.status}`)
      } catch {
        results.push('cors blocked')
      }
      await fetch(api, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body }).catch(() => undefined)
      return results
    }, `${base}/admin/api/v1`)
    expect(outcome).toEqual(['cors blocked'])
    expect(existsSync(join(contentDir, 'media', 'x.png'))).toBe(false)
  } finally {
    await page.close()
    other.close()
  }
})

test('the reproductions of the findings are refused, the workers live, nothing outside content changes', async ({ request }) => {
  const headers = await editorHeaders(request)
  const before = projectFiles()
  const api = (data: unknown, extra: Record<string, string> = {}) =>
    request.post(`${base}/admin/api/v1`, { headers: { ...headers, ...extra }, data })
  const about = readFileSync(join(contentDir, 'pages', 'about.yaml'), 'utf8')
  const aboutVersion = await versionOf(request, headers, 'content/pages/about.yaml')
  const persist = (dataFiles: unknown[], base: Record<string, string | null> = {}) =>
    api({ action: 'persistEntry', params: { dataFiles, assets: [], base } })

  // 1: outside the content folder, through a link, without the token, through a proxy's headers.
  expect(
    (await api({ action: 'persistMedia', params: { asset: { path: 'app/x.ts', content: 'eA==', encoding: 'base64' } } })).status(),
  ).toBe(422)
  expect((await api({ action: 'getMediaFile', params: { path: 'data/site.sqlite' } })).status()).toBe(404)
  expect((await api({ action: 'getEntry', params: { path: 'content/pages/linked.yaml' } })).status()).toBe(403)
  expect((await api({ action: 'info' }, { 'X-Admin-Session': 'x' })).status()).toBe(403)
  expect((await api({ action: 'info' }, { 'X-Real-IP': '203.0.113.9' })).status()).toBe(403)
  expect(
    (await request.post(`${base}/admin/api/v1`, { headers: { 'Content-Type': 'application/json' }, data: { action: 'info' } })).status(),
  ).toBe(403)

  // 2: a page of aliases (a 64 KB file standing for a 5 MB one).
  const element = `{id: e, type: Text, text: {nl: "${'x'.repeat(60_000)}"}}`
  const aliases = `${about.replace(/^elements:[\s\S]*$/m, '')}x: &e ${element}\nelements: [${Array.from({ length: 90 }, () => '*e').join(', ')}]\n`
  const bomb = await persist([{ path: 'content/pages/about.yaml', raw: aliases }], { 'content/pages/about.yaml': aboutVersion })
  expect(bomb.status()).toBe(422)
  expect((await bomb.json()).error).toMatch(/anchors, aliases and tags/)

  // 3: moves across folders, files that are not content, a path that nests.
  expect(
    (
      await persist([{ path: 'content/pages/about.yaml', newPath: 'content/news/about.yaml', raw: about }], {
        'content/pages/about.yaml': aboutVersion,
      })
    ).status(),
  ).toBe(422)
  expect((await persist([{ path: 'content/zzq/f', newPath: 'content/zzq/f/g.yaml', raw: about }])).status()).toBe(403)
  expect((await persist([{ path: 'content/media/evil.svg', raw: '<svg onload="alert(1)"/>' }])).status()).toBe(403)
  expect((await persist([{ path: 'content/.gitignore', raw: '*' }])).status()).toBe(403)
  expect((await persist([{ path: 'content/pages/linked.yaml', raw: about }])).status()).toBe(403)

  // 4: one request, a worker's heap: a 3 MB page, YAML nested 200k deep, a 10 MB `[[[[` body.
  expect(
    (
      await persist([{ path: 'content/pages/about.yaml', raw: `${about}\nx: "${'y'.repeat(3_000_000)}"\n` }], {
        'content/pages/about.yaml': aboutVersion,
      })
    ).status(),
  ).toBe(422)
  expect(
    (
      await persist([{ path: 'content/pages/about.yaml', raw: '['.repeat(200_000) }], { 'content/pages/about.yaml': aboutVersion })
    ).status(),
  ).toBe(422)
  expect((await request.post(`${base}/admin/api/v1`, { headers, data: Buffer.from('['.repeat(10_000_000)) })).status()).toBe(400)

  // 5: two new news items with the same slugs at once: one gets in.
  const news = readFileSync(join(contentDir, 'news', 'jubileum.yaml'), 'utf8')
    .replace('id: jubileum', 'id: twin-a')
    .replace(/slug:\n(?: {2}\w\w: .*\n)+/, 'slug: { nl: tweeling, en: twin, de: zwilling, fr: jumeau, da: tvilling }\n')
  const twins = await Promise.all([
    persist([{ path: 'content/news/twin-a.yaml', raw: news }]),
    persist([{ path: 'content/news/twin-b.yaml', raw: news.replace('id: twin-a', 'id: twin-b') }]),
  ])
  expect(twins.map((answer) => answer.status()).sort()).toEqual([200, 422])

  // 6: a save over a newer one.
  const edited = about.replace('nl: Over ons,', 'nl: Wie wij zijn,')
  expect((await persist([{ path: 'content/pages/about.yaml', raw: edited }], { 'content/pages/about.yaml': aboutVersion })).status()).toBe(
    200,
  )
  expect((await persist([{ path: 'content/pages/about.yaml', raw: about }], { 'content/pages/about.yaml': aboutVersion })).status()).toBe(
    409,
  )

  expect(projectFiles()).toEqual(before)
  expect(readFileSync(outside, 'utf8')).toBe('secret: 1\n')
  expect(readdirSync(project).filter((name) => name.startsWith('.admin-save-') && !name.endsWith('.lock'))).toEqual([])
  expect(output).not.toMatch(/replaced one that died|heap out of memory/i)
  await expect.poll(async () => (await request.get(`${base}/over-ons`)).text(), { timeout: 10_000 }).toContain('Wie wij zijn')
})

test('what the API accepted, a cold start accepts and serves', async ({ request }) => {
  await site.stop()
  // A scratch copy left by a check that a power cut ended is removed at start-up.
  mkdirSync(join(project, '.admin-save-left'))
  writeFileSync(join(project, '.admin-save-left', 'x.yaml'), 'x: 1\n')
  await site.start()
  const page = await request.get(`${base}/over-ons`)
  expect(page.status()).toBe(200)
  expect(await page.text()).toContain('Wie wij zijn')
  expect((await request.get(`${base}/nieuws`)).status()).toBe(200)
  await expect.poll(() => existsSync(join(project, '.admin-save-left')), { timeout: 10_000 }).toBe(false)
})
