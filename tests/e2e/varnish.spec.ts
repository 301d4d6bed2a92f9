import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { stopBuiltServer } from '../../scripts/lib/server.mjs'
import { freePort } from '../support/services'
import { startServer } from './server-process'
import { full } from './tiers'

/**
 * Varnish with the shipped VCL (ops/varnish/site.vcl) in front of two instances of the built
 * server, as docs/varnish.md tells operators to run it. The instances share one copy of the
 * content (as an editor's save reaches every instance) and ban Varnish when it changes
 * (CACHE_BAN_URLS). Short page-cache times (s-maxage 12 s, stale-while-revalidate 3 s) let the
 * outage test pass both within a test; the purge test still finishes well before an unbanned copy
 * would expire. Everything on 127.0.0.1, on free ports; all of it stops at the end.
 */
test.describe.configure({ mode: 'serial' })
test.skip(!existsSync('/usr/sbin/varnishd') && !process.env.CI, 'Varnish is not installed (CI installs it)')

const ttl = 12
const swr = 3
const purgeSecret = 'varnish-purge-secret-0123456789'
const previewSecret = 'varnish-preview-secret-0123456789'

const root = mkdtempSync(join(tmpdir(), 'site-varnish-'))
const contentDir = join(root, 'content')
const about = join(contentDir, 'pages/about.yaml')
const varnishDir = join(root, 'varnish')
let base = ''
/** Varnish's listener for the site's bans (named purge in the VCL). */
let banBase = ''
/** The first instance's own address, to compare with what Varnish answers. */
let originA = ''
let varnish: ChildProcess | undefined
let varnishLog = ''
const origins: ChildProcess[] = []

interface Answer {
  status: number
  /** Varnish's X-Cache: HIT, STALE, MISS or PASS. */
  cache: string
  age: number
  headers: Headers
  body: string
}

/** A request through Varnish; redirects are answers of their own here. */
async function get(path: string, headers: Record<string, string> = {}, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, { headers, redirect: 'manual', ...init })
  return {
    status: response.status,
    cache: response.headers.get('x-cache') ?? '',
    age: Number(response.headers.get('age') ?? -1),
    headers: response.headers,
    body: await response.text(),
  }
}

/**
 * The ban the site sends again 2 s after a change (for renders that began before it): the page,
 * cached again since the first ban, becomes a miss once more. Waiting for it also means no ban is
 * still on its way when the next test starts.
 */
async function secondBan(path: string): Promise<void> {
  await expect.poll(async () => (await get(path)).cache, { timeout: 5_000, intervals: [100] }).toBe('HIT')
  await expect.poll(async () => (await get(path)).cache, { timeout: 5_000, intervals: [200], message: 'the second ban' }).toBe('MISS')
}

/** Each backend's health as varnishadm reports it. */
function backendHealth(): string[] {
  const list = execFileSync('varnishadm', ['-n', varnishDir, 'backend.list'], { encoding: 'utf8' })
  return list
    .split('\n')
    .filter((line) => /^\S*origin\d/.test(line))
    .map((line) => (/\bhealthy\b/.test(line) ? 'healthy' : 'sick'))
}

test.describe('Varnish in front of two instances', full, () => {
  test.beforeAll(async () => {
    test.setTimeout(90_000)
    cpSync('content', contentDir, { recursive: true })
    const [varnishPort, banPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()])
    banBase = `http://127.0.0.1:${banPort}`
    base = `http://127.0.0.1:${varnishPort}`
    originA = `http://127.0.0.1:${portA}`
    // The shipped VCL with this test's two origins in place of its example ports.
    const shipped = readFileSync('ops/varnish/site.vcl', 'utf8')
    expect(shipped).toContain('.port = "3000";')
    expect(shipped).toContain('.port = "3001";')
    const vcl = join(root, 'site.vcl')
    writeFileSync(vcl, shipped.replace('.port = "3000";', `.port = "${portA}";`).replace('.port = "3001";', `.port = "${portB}";`))
    mkdirSync(varnishDir)

    const env = {
      SITE_URL: base,
      CONTENT_DIR: contentDir,
      WEB_CONCURRENCY: '1',
      TRUST_PROXY: '1',
      PAGE_CACHE_TTL: String(ttl),
      PAGE_CACHE_SWR: String(swr),
      CACHE_PURGE_SECRET: purgeSecret,
      PREVIEW_SECRET: previewSecret,
      CACHE_BAN_URLS: `${banBase}/`,
      STOP_GRACE_SECONDS: '1',
    }
    origins.push(
      ...(await Promise.all(
        [portA, portB].map((port) =>
          startServer(port, {
            ...env,
            DATA_DIR: mkdtempSync(join(root, `data-${port}-`)),
            // Its own address too: the language test compares the origin's answers with Varnish's.
            ALLOWED_HOSTS: `127.0.0.1:${port}`,
          }),
        ),
      )),
    )
    // -F: in the foreground, so it stops with this process; -j none: no jail (runs as root or not).
    varnish = spawn(
      '/usr/sbin/varnishd',
      // Visitors on one listener, the site's bans on another (named purge): BAN is refused on the first.
      [
        '-F',
        '-j',
        'none',
        '-n',
        varnishDir,
        '-a',
        `127.0.0.1:${varnishPort}`,
        '-a',
        `purge=127.0.0.1:${banPort}`,
        '-f',
        vcl,
        '-s',
        'malloc,64m',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    varnish.stdout?.on('data', (chunk: Buffer) => (varnishLog += chunk.toString()))
    varnish.stderr?.on('data', (chunk: Buffer) => (varnishLog += chunk.toString()))
    await expect
      .poll(() => (varnish?.exitCode === null ? backendHealth().join(',') : `varnishd exited: ${varnishLog}`), { timeout: 30_000 })
      .toBe('healthy,healthy')
  })

  test.afterAll(async () => {
    await Promise.all(origins.map((origin) => stopBuiltServer(origin)))
    if (varnish && varnish.exitCode === null) {
      const stopped = new Promise((resolve) => varnish?.once('exit', resolve))
      varnish.kill('SIGTERM')
      await stopped
    }
    rmSync(root, { recursive: true, force: true })
  })

  test('an anonymous page is a miss, then a hit; cookies that change nothing share it', async () => {
    const first = await get('/en')
    expect(first.status).toBe(200)
    expect(first.cache).toBe('MISS')
    const second = await get('/en')
    expect(second.cache).toBe('HIT')
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(second.body).toBe(first.body)
    // The consent choice is applied in the browser (ADR 069, 018): same copy, with or without it.
    for (const cookie of ['consent=granted', 'consent=denied; _ga=GA1.1.123.456', 'lang=de']) {
      const answer = await get('/en', { cookie })
      expect(answer.cache, cookie).toBe('HIT')
      expect(answer.headers.get('etag'), cookie).toBe(first.headers.get('etag'))
    }
  })

  test('/ is one copy per language: a Dutch and an English browser get different answers from the cache', async () => {
    const dutch = { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' }
    const english = { 'accept-language': 'en-US,en;q=0.9' }
    const nl = await get('/', dutch)
    expect([nl.status, nl.cache]).toEqual([200, 'MISS'])
    expect(nl.body).toContain('<html lang="nl"')
    const en = await get('/', english)
    expect([en.status, en.cache, en.headers.get('location')]).toEqual([302, 'MISS', '/en'])

    expect([(await get('/', dutch)).cache, (await get('/', english)).cache]).toEqual(['HIT', 'HIT'])
    // Other spellings of the same choice share its copy: another English, no header at all (nl),
    // a consent cookie, and the language cookie, which wins over the browser's languages.
    const sameCopy: Array<[Record<string, string>, number]> = [
      [{ 'accept-language': 'en-GB,en;q=0.5' }, 302],
      [{}, 200],
      [{ ...dutch, cookie: 'consent=granted' }, 200],
      [{ ...dutch, cookie: 'lang=en' }, 302],
    ]
    for (const [headers, status] of sameCopy) {
      const answer = await get('/', headers)
      expect([answer.status, answer.cache], JSON.stringify(headers)).toEqual([status, 'HIT'])
      if (status === 200) expect(answer.headers.get('etag')).toBe(nl.headers.get('etag'))
    }
    // Varnish picks the language the site picks: what it answers is what the origin answers.
    const browsers = ['de-AT,de;q=0.9', 'de-AT,en-US;q=0.9', 'fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5', 'da_DK', 'es-ES,es;q=0.9', 'en;q=0,de']
    for (const languages of browsers) {
      const origin = await fetch(`${originA}/`, { headers: { 'accept-language': languages }, redirect: 'manual' })
      const answer = await get('/', { 'accept-language': languages })
      expect([answer.status, answer.headers.get('location')], languages).toEqual([origin.status, origin.headers.get('location')])
    }
  })

  test('signed-in visitors and editors in preview are passed: never cached, never served from the cache', async () => {
    const anonymous = await get('/en/about-us')
    for (let n = 0; n < 2; n++) {
      const signedIn = await get('/en/about-us', { cookie: 'auth_token=abc.def' })
      expect(signedIn.cache).toBe('PASS')
    }
    // A real preview: entered through Varnish, then every page of it passed.
    const entered = await get(`/api/preview?secret=${previewSecret}&path=/en/about-us`)
    expect(entered.cache).toBe('PASS')
    const cookie = /^preview=[^;]+/.exec(entered.headers.get('set-cookie') ?? '')?.[0]
    expect(cookie, 'the preview cookie').toBeTruthy()
    for (let n = 0; n < 2; n++) {
      const preview = await get('/en/about-us', { cookie: `consent=granted; ${cookie}` })
      expect(preview.cache).toBe('PASS')
      expect(preview.headers.get('cache-control')).toBe('private, no-store')
      expect(preview.body).toContain('class="preview-bar"')
    }
    const after = await get('/en/about-us')
    expect(after.cache).toBe('HIT')
    expect(after.headers.get('etag')).toBe(anonymous.headers.get('etag'))
    expect(after.body).not.toContain('class="preview-bar"')
  })

  test('a content edit reaches the cache through the site’s ban within 5 s', async () => {
    expect((await get('/over-ons')).body).toContain('<title>Over ons')
    const cached = await get('/over-ons')
    expect(cached.cache).toBe('HIT')
    // Fresh for most of its s-maxage: only a ban can replace it within the 5 s below.
    expect(cached.age).toBeLessThanOrEqual(ttl - 7)
    const started = Date.now()
    const text = readFileSync(about, 'utf8')
    writeFileSync(`${about}.tmp`, text.replace('title: { nl: Over ons,', 'title: { nl: Over ons bijgewerkt,'))
    renameSync(`${about}.tmp`, about)
    await expect
      .poll(
        async () => {
          const answer = await get('/over-ons')
          return `${answer.cache}, age ${answer.age}: ${/<title>[^<]*/.exec(answer.body)?.[0]}`
        },
        { timeout: 5_000, intervals: [200], message: 'the edited page through Varnish' },
      )
      .toContain('<title>Over ons bijgewerkt')
    test.info().annotations.push({ type: 'edit visible after', description: `${Date.now() - started} ms` })
    await secondBan('/over-ons')
  })

  test('a BAN on the visitors’ listener is refused, even from this machine', async () => {
    await get('/en/about-us')
    expect((await get('/en/about-us')).cache).toBe('HIT')
    expect((await fetch(`${base}/`, { method: 'BAN' })).status).toBe(403)
    expect((await get('/en/about-us')).cache).toBe('HIT')
  })

  test('the CMS webhook sent through Varnish purges the instances and Varnish', async () => {
    await get('/en/about-us')
    expect((await get('/en/about-us')).cache).toBe('HIT')
    const purge = await get('/api/cache/purge', { authorization: `Bearer ${purgeSecret}` }, { method: 'POST' })
    expect([purge.status, purge.cache]).toEqual([200, 'PASS'])
    await expect.poll(async () => (await get('/en/about-us')).cache, { timeout: 5_000, intervals: [200] }).toBe('MISS')
    await secondBan('/en/about-us')
  })

  test('both origins down: cached pages are still served (grace), the contact form fails with a short HTML page', async () => {
    test.setTimeout(60_000)
    const page = await get('/en/contact')
    expect(page.status).toBe(200)
    expect((await get('/en/contact')).cache).toBe('HIT')
    await Promise.all(origins.map((origin) => stopBuiltServer(origin, 10_000)))
    await expect.poll(() => backendHealth().join(','), { timeout: 20_000 }).toBe('sick,sick')

    // Past its s-maxage and the site's stale-while-revalidate: only the outage grace serves it.
    let last: Answer | undefined
    await expect
      .poll(
        async () => {
          last = await get('/en/contact')
          expect(last.status).toBe(200)
          return last.age
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBeGreaterThan(ttl + swr)
    expect(last?.cache).toBe('STALE')
    expect(last?.headers.get('etag')).toBe(page.headers.get('etag'))

    const post = await get(
      '/en/contact',
      { 'content-type': 'application/x-www-form-urlencoded' },
      { method: 'POST', body: 'firstName=Zo%C3%AB' },
    )
    const notCached = await get('/en/news?page=2')
    for (const failed of [post, notCached]) {
      expect(failed.status).toBe(503)
      expect(failed.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(failed.headers.get('cache-control')).toBe('no-store')
      expect(failed.headers.get('retry-after')).toBeTruthy()
      expect(failed.body.length).toBeLessThan(2_000)
      expect(failed.body).toMatch(/^<!doctype html>/)
      expect(failed.body).toContain('<title>Even niet bereikbaar / Temporarily unavailable</title>')
      // Neither Varnish's own error page nor anything of a stack trace.
      expect(failed.body).not.toMatch(/Guru Meditation|XID|Error|\bat \S+ \(/)
    }
  })
})
