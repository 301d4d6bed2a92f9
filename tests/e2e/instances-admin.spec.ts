import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { serverEntry } from '../../scripts/lib/server.mjs'
import { servicesInstalled, startPostgres, startRedis, type Service } from '../support/services'
import { startTestProvider, testClient } from './oidc-test-provider'
import { getOnNewConnection } from './server-process'

/**
 * Editors on several instances (ADR 107): two instances of two workers each share one content
 * folder (as a network volume would be shared), PostgreSQL and Redis, with the admin for signed-in
 * editors (CMS_ADMIN=site). Their folder watchers are off, as on a network volume where a watch
 * sees only its own machine's writes: only the admin's announcement over Redis can bring a
 * publish to the other instance. Own servers on E2E_PORT+67 and +68, the provider on +69.
 */
test.describe.configure({ mode: 'serial' })
test.skip(!servicesInstalled && !process.env.CI, 'PostgreSQL and Redis are not installed (CI installs them)')

const port = Number(process.env.E2E_PORT ?? 3210) + 67
const [a, b] = [port, port + 1].map((each) => `http://127.0.0.1:${each}`) as [string, string]
const providerPort = port + 2
const project = mkdtempSync(join(tmpdir(), 'site-instances-admin-'))
const contentDir = join(project, 'content')
cpSync('content', contentDir, { recursive: true })
mkdirSync(join(contentDir, 'media'), { recursive: true })

const entry = 'content/news/wintercheck.yaml'
const page = '/en/news/free-winter-check'
const oldTitle = 'Free winter check in October and November'
const publishedTitle = 'Winter check, published on instance A'

let postgres: Service | undefined
let redis: Service | undefined
let provider: { close: () => Promise<void> } | undefined
const servers: ChildProcess[] = []
/** The publisher's session cookie and CSRF token (sessions are in PostgreSQL: good on both instances). */
let publisher = { cookie: '', csrf: '' }

function startInstance(base: string, issuer: string): Promise<unknown> {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      CI: '',
      TEST: '',
      WEB_CONCURRENCY: '2',
      PORT: new URL(base).port,
      SITE_URL: base,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'site-instance-admin-')),
      CONTENT_DIR: contentDir,
      CONTENT_WATCH: 'off',
      DATABASE_URL: postgres?.url ?? '',
      REDIS_URL: redis?.url ?? '',
      CMS_ADMIN: 'site',
      ADMIN_OIDC_ISSUER: issuer,
      ADMIN_OIDC_CLIENT_ID: testClient.id,
      ADMIN_OIDC_CLIENT_SECRET: testClient.secret,
      ADMIN_EDITOR_GROUPS: 'marketing',
      ADMIN_PUBLISHER_GROUPS: 'web-leads',
    },
    stdio: 'ignore',
    detached: true,
  })
  servers.push(child)
  return expect.poll(async () => (await getOnNewConnection(`${base}/readyz`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200)
}

/** A call of the admin's API on instance `base`, on a connection of its own (the next worker). */
function call(base: string, data: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      Origin: base,
      Cookie: publisher.cookie,
      'X-Admin-Session': publisher.csrf,
    }
    const request = httpRequest(`${base}/admin/api/v1`, { method: 'POST', agent: false, timeout: 15_000, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
    })
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
    request.end(JSON.stringify(data))
  })
}

/** The entry's text and the version the admin opens it at. */
async function opened(base: string): Promise<{ raw: string; version: string }> {
  const answer = await call(base, { action: 'getEntry', params: { path: entry } })
  expect(answer.status).toBe(200)
  const { data, file } = JSON.parse(answer.body)
  return { raw: data, version: file.id }
}

const save = (base: string, raw: string, version: string) =>
  call(base, { action: 'persistEntry', params: { dataFiles: [{ path: entry, raw }], assets: [], base: { [entry]: version } } })

/** The page from four new connections to `base`: each of its two workers answers twice. */
const fromEveryWorker = async (base: string) => Promise.all(Array.from({ length: 4 }, () => getOnNewConnection(`${base}${page}`)))

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  ;[postgres, redis] = await Promise.all([startPostgres(), startRedis()])
  const started = await startTestProvider(providerPort, `${a}/admin/auth/callback`)
  provider = started
  await Promise.all([startInstance(a, started.issuer), startInstance(b, started.issuer)])
  // The publisher signs in on A, through the provider's own form (Decap's app is not needed).
  const context = await browser.newContext()
  const tab = await context.newPage()
  await tab.route(`${a}/admin/decap-cms.js`, (route) => route.abort())
  await tab.goto(`${a}/admin`, { waitUntil: 'commit' })
  await tab.locator('input[name="login"]').fill('pia')
  await tab.locator('input[name="password"]').fill('any password')
  await tab.getByRole('button', { name: 'Sign-in' }).click()
  await tab.waitForURL(`${a}/admin`, { waitUntil: 'commit' })
  const session = (await context.cookies(a)).find((cookie) => cookie.name === '__Host-admin-session')
  publisher = {
    cookie: `__Host-admin-session=${session?.value ?? ''}`,
    csrf: (await tab.locator('meta[name="admin-session"]').getAttribute('content')) ?? '',
  }
  await context.close()
})

test.afterAll(async () => {
  for (const child of servers) if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
  await provider?.close()
  await Promise.all([postgres?.stop(), redis?.stop()])
})

test('a publish on instance A is served by every worker of instance B within 5 s', async () => {
  // Both workers of B hold the page in their caches: the old text must go from there too.
  for (let i = 0; i < 3; i++) await fromEveryWorker(b)
  expect((await fromEveryWorker(b)).map((answer) => [answer.cache, answer.body.includes(oldTitle)])).toEqual([
    ['HIT', true],
    ['HIT', true],
    ['HIT', true],
    ['HIT', true],
  ])
  const { raw, version } = await opened(a)
  const published = raw.replace(oldTitle, publishedTitle)
  expect(published).not.toBe(raw)
  expect((await save(a, published, version)).status).toBe(200)
  const saved = Date.now()
  await expect
    .poll(async () => (await fromEveryWorker(b)).every((answer) => answer.body.includes(publishedTitle)), {
      timeout: 5_000,
      intervals: [100],
    })
    .toBe(true)
  test.info().annotations.push({ type: 'live on B after', description: `${Date.now() - saved} ms` })
  expect((await fromEveryWorker(a)).every((answer) => answer.body.includes(publishedTitle))).toBe(true)
})

test('two saves of one entry at once, on A and on B, from the version both opened: one is saved, the other gets the admin’s conflict (409)', async () => {
  const { raw, version } = await opened(b)
  expect(raw).toContain(publishedTitle)
  const textOf = (base: string) => `Winter check, as saved on ${base === a ? 'A' : 'B'}`
  const answers = await Promise.all(
    [a, b].map(async (base) => ({ base, ...(await save(base, raw.replace(publishedTitle, textOf(base)), version)) })),
  )
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
  const loser = answers.find((answer) => answer.status === 409)
  expect(JSON.parse(loser?.body ?? '{}')).toEqual({
    error: `${entry} was changed by someone else after you opened it. Copy your changes, reload the entry and make them again.`,
    conflict: true,
  })
  const winner = answers.find((answer) => answer.status === 200)?.base ?? ''
  const file = readFileSync(join(contentDir, 'news', 'wintercheck.yaml'), 'utf8')
  expect(file).toContain(textOf(winner))
  expect(file).not.toContain(textOf(winner === a ? b : a))
})
