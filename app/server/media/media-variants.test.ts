/**
 * The variant endpoint: an allowed width and format of an image in a media folder is made with
 * sharp and cached for a year; every other URL, a damaged file included, is a 404, never a 500.
 * Encoding is bounded (ADR 028): one at a time per worker with a short line, widths above the
 * source's made once, and a variant another process is making awaited rather than made again.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { maxWaitingEncodes, serveMediaVariant, variantCacheControl, variantFile, variantPathsIn } from './media-variants.server'
import { keepLockFresh, lockAgeMs, releaseLock, takeLock, takeOverStaleLock } from './variant-lock.server'

// readFile as it is, but a test can make one call fail (a file-descriptor shortage).
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return { ...actual, readFile: vi.fn(actual.readFile) }
})

const base = mkdtempSync(join(tmpdir(), 'cms-variants-'))
const content = join(base, 'content')
const media = join(content, 'media')
const data = join(base, 'data')
mkdirSync(media, { recursive: true })
writeFileSync(join(media, 'broken.jpg'), 'not a JPEG')
writeFileSync(join(content, 'secret.png'), 'x')
symlinkSync(join(content, 'secret.png'), join(media, 'link.png'))
// Before anything reads the runtime config (read once, lazily, per test file).
vi.stubEnv('CONTENT_DIR', content)
vi.stubEnv('DATA_DIR', data)

beforeAll(async () => {
  await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#3366cc' } })
    .png()
    .toFile(join(media, 'photo.png'))
})

afterAll(() => {
  vi.unstubAllEnvs()
})

const get = (path: string, init: RequestInit = {}) => {
  const url = new URL(path, 'http://localhost')
  return serveMediaVariant(new Request(url, init), url)
}

describe('serveMediaVariant', () => {
  it('makes an allowed variant at the asked width, typed and cached for a year', async () => {
    const response = await get('/media/_/640/photo.png.avif?v=1')
    expect(response.status).toBe(200)
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/avif',
      'cache-control': variantCacheControl,
      'x-content-type-options': 'nosniff',
    })
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ width: 640, height: 320 })
    // Kept on disk for the other workers and the next start.
    expect(readdirSync(join(data, 'media-variants')).filter((name) => name.endsWith('.avif'))).toHaveLength(1)
  })

  it("never enlarges: every width above the image's own is one variant at its own width, made once", async () => {
    const wide = await Promise.all(['/media/_/1280/photo.png.webp', '/media/_/1600/photo.png.webp'].map((path) => get(path)))
    const [first, second] = await Promise.all(wide.map(async (response) => Buffer.from(await response.arrayBuffer())))
    expect(wide[0]?.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(first).metadata()).width).toBe(1000)
    expect(second).toEqual(first)
    expect(wide[1]?.headers.get('etag')).toBe(wide[0]?.headers.get('etag'))
    expect(readdirSync(join(data, 'media-variants')).filter((name) => name.endsWith('.webp'))).toEqual([
      expect.stringMatching(/-1000\.webp$/),
    ])
    // A width below the image's own is a variant of its own.
    expect((await get('/media/_/960/photo.png.webp')).headers.get('etag')).not.toBe(wide[0]?.headers.get('etag'))
  })

  it('sets sharp up for a server: one thread per image, no operation cache', () => {
    expect(sharp.concurrency()).toBe(1)
    expect(sharp.cache().items.max).toBe(0)
  })

  it('answers 304 to a browser that has it, HEAD without a body', async () => {
    const etag = (await get('/media/_/320/photo.png.webp')).headers.get('etag') ?? ''
    expect((await get('/media/_/320/photo.png.webp', { headers: { 'If-None-Match': etag } })).status).toBe(304)
    const head = await get('/media/_/320/photo.png.webp', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it.each([
    '/media/_/500/photo.png.webp',
    '/media/_/640/photo.png.gif',
    '/media/_/640/missing.png.webp',
    '/media/_/640/link.png.webp',
    '/media/_/640/%2e%2e/secret.png.webp',
    '/media/_/640/..%2fsecret.png.webp',
    '/media/_/640/broken.jpg.webp',
  ])('answers 404 for %s', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(404)
  })

  it('reads an image again after a failed read instead of answering 404 until it changes', async () => {
    await sharp({ create: { width: 200, height: 100, channels: 3, background: '#cc6633' } })
      .png()
      .toFile(join(media, 'flaky.png'))
    vi.mocked(readFile).mockRejectedValueOnce(Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' }))
    expect((await get('/media/_/320/flaky.png.webp')).status).toBe(404)
    const again = await get('/media/_/320/flaky.png.webp')
    expect(again.status).toBe(200)
    expect((await sharp(Buffer.from(await again.arrayBuffer())).metadata()).width).toBe(200)
  })

  it('answers 405 to other methods', async () => {
    expect((await get('/media/_/640/photo.png.webp', { method: 'POST' })).status).toBe(405)
    expect(existsSync(join(content, 'secret.png.webp'))).toBe(false)
  })
})

describe('encoding under load', () => {
  const noisy = (width: number) =>
    sharp({
      create: {
        width,
        height: Math.round(width * 0.6),
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })

  beforeAll(async () => {
    for (let i = 0; i < 6; i++)
      await noisy(640)
        .png()
        .toFile(join(media, `busy-${i}.png`))
    await noisy(100).avif().toFile(join(media, 'busy.avif'))
    await noisy(400).png().toFile(join(media, 'lock.png'))
    // Noise makes slow encodes (the line must fill up); on a busy machine making the sources takes a while too.
  }, 30_000)

  it('encodes one image at a time; beyond the line a request is sent to the original, never cached', async () => {
    const sources = [...Array.from({ length: 6 }, (_, i) => `busy-${i}.png`), 'busy.avif']
    // Measured first (as a running server has), so every request reaches the line at once.
    for (const source of sources) await variantFile(join(media, source), { width: 320, format: 'webp', source: `/media/${source}` })
    let encoding = 0
    const sampler = setInterval(() => (encoding = Math.max(encoding, sharp.counters().process)), 2)
    // 6 images × 2 variants (640 and above are one): 12 encodes asked for at once, more than fit.
    const burst = sources.slice(0, 6).flatMap((source) => [320, 640, 1280].map((width) => get(`/media/_/${width}/${source}.webp`)))
    await delay(20)
    // An AVIF original cannot stand in for a WebP variant: a browser without AVIF asks for WebP.
    const avifSource = get('/media/_/320/busy.avif.webp')
    const responses = await Promise.all([...burst, avifSource])
    clearInterval(sampler)
    const kinds = responses.map(
      (response) => `${response.status} ${response.headers.get('content-type')} ${response.headers.get('cache-control')}`,
    )
    const made = kinds.filter((kind) => kind === `200 image/webp ${variantCacheControl}`).length
    // One encoding and maxWaitingEncodes in line; the request for 1280 shares 640's answer. How many
    // more get in as the line drains depends on the machine's speed; the line is bounded when not
    // all 12 distinct variants were made (the rest went to the original).
    expect(made).toBeGreaterThanOrEqual(maxWaitingEncodes + 1)
    expect(made).toBeLessThan(12)
    const redirected = responses.filter((response) => response.status === 307)
    expect(redirected.length).toBe(18 - made)
    for (const response of redirected) {
      expect(response.headers.get('location')).toMatch(/^\/media\/busy-\d\.png$/)
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
    expect(kinds.at(-1)).toBe('503 text/plain; charset=utf-8 no-store')
    expect(responses.at(-1)?.headers.get('retry-after')).toBe('5')
    expect(encoding).toBe(1)
  })

  it('waits for a variant another process is making instead of making it too', async () => {
    const file = join(media, 'lock.png')
    const path = (await variantFile(file, { width: 320, format: 'webp', source: '/media/lock.png' })) ?? ''
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(`${path}.lock`, '1')
    let settled = false
    const answer = get('/media/_/320/lock.png.webp').finally(() => (settled = true))
    await delay(300)
    expect(settled).toBe(false)
    expect(existsSync(path)).toBe(false)
    // The other process finishes: its file is what this request answers with.
    writeFileSync(path, 'made elsewhere')
    rmSync(`${path}.lock`)
    expect(await (await answer).text()).toBe('made elsewhere')
  })

  it('takes over a lock left by a process that died while encoding', async () => {
    const file = join(media, 'lock.png')
    const path = (await variantFile(file, { width: 640, format: 'webp', source: '/media/lock.png' })) ?? ''
    writeFileSync(`${path}.lock`, '1')
    const old = new Date(Date.now() - 5 * 60_000)
    utimesSync(`${path}.lock`, old, old)
    const response = await get('/media/_/640/lock.png.webp')
    expect(response.status).toBe(200)
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(400)
    expect(readFileSync(path).byteLength).toBeGreaterThan(0)
    expect(existsSync(`${path}.lock`)).toBe(false)
  })
})

describe('variant lock', () => {
  const dir = join(base, 'locks')
  mkdirSync(dir, { recursive: true })
  const stale = (lock: string) => {
    const old = new Date(Date.now() - 5 * 60_000)
    utimesSync(lock, old, old)
  }

  it('lets only one of two processes that found a lock stale take it over', async () => {
    const lock = join(dir, 'race.lock')
    writeFileSync(lock, 'dead')
    stale(lock)
    // Both saw it stale; the first takes it over and makes its own lock before the second acts.
    expect(await lockAgeMs(lock)).toBeGreaterThan(60_000)
    expect(await takeOverStaleLock(lock, 60_000)).toBe(true)
    expect(takeLock(lock, 'first')).toBe(true)
    expect(await takeOverStaleLock(lock, 60_000)).toBe(false)
    expect(takeLock(lock, 'second')).toBe(false)
    expect(readFileSync(lock, 'utf8')).toBe('first')
    expect(readdirSync(dir)).toEqual(['race.lock'])
  })

  it('lets only one of two processes acting at once take over a stale lock', async () => {
    const lock = join(dir, 'together.lock')
    for (let round = 0; round < 20; round++) {
      writeFileSync(lock, 'dead')
      stale(lock)
      const take = async (token: string) => (await takeOverStaleLock(lock, 60_000)) && takeLock(lock, token)
      const won = await Promise.all([take('a'), take('b')])
      expect(won.filter(Boolean)).toHaveLength(1)
      expect(readFileSync(lock, 'utf8')).toBe(won[0] ? 'a' : 'b')
      rmSync(lock)
    }
  })

  it('removes only its own lock, never one another process took over', async () => {
    const lock = join(dir, 'own.lock')
    expect(takeLock(lock, 'mine')).toBe(true)
    await releaseLock(lock, 'mine')
    expect(existsSync(lock)).toBe(false)
    writeFileSync(lock, 'theirs')
    await releaseLock(lock, 'mine')
    expect(readFileSync(lock, 'utf8')).toBe('theirs')
  })

  it('keeps a held lock fresh, and only its own', async () => {
    const mine = join(dir, 'fresh.lock')
    const theirs = join(dir, 'theirs.lock')
    takeLock(mine, 'mine')
    writeFileSync(theirs, 'theirs')
    stale(mine)
    stale(theirs)
    const stop = [keepLockFresh(mine, 'mine', 20), keepLockFresh(theirs, 'mine', 20)]
    await delay(200)
    stop.forEach((stopRefreshing) => stopRefreshing())
    expect(await lockAgeMs(mine)).toBeLessThan(60_000)
    expect(await lockAgeMs(theirs)).toBeGreaterThan(60_000)
  })
})

describe('variantPathsIn', () => {
  it('finds every variant path in content, once, without its version', () => {
    const image = { url: '/media/a.webp', variants: [{ url: '/media/_/320/a.webp.avif?v=1' }, { url: '/media/_/640/a.webp.avif?v=1' }] }
    const content = { pages: new Map([['nl', new Map([['/', { image, again: image, text: '/media/_/ in prose' }]])]]), news: [image] }
    expect([...variantPathsIn(content)]).toEqual(['/media/_/320/a.webp.avif', '/media/_/640/a.webp.avif', '/media/_/ in prose'])
  })
})
