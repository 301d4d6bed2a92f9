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
import {
  maxWaitingEncodes,
  replaceEncoder,
  serveMediaVariant,
  variantCacheControl,
  variantFile,
  variantPathsIn,
} from './media-variants.server'
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
  beforeAll(async () => {
    // Each its own colour: images of the same bytes would share their variants.
    const plain = (width: number, shade: number) =>
      sharp({ create: { width, height: Math.round(width * 0.6), channels: 3, background: { r: shade, g: 128, b: 128 } } })
    for (let i = 0; i < 6; i++)
      await plain(640, i * 10)
        .png()
        .toFile(join(media, `busy-${i}.png`))
    await plain(100, 100).avif().toFile(join(media, 'busy.avif'))
    await plain(400, 200).png().toFile(join(media, 'lock.png'))
  }, 30_000)

  it('encodes one image at a time; beyond the line a request is sent to the original, never cached', async () => {
    // Every encode is held until the test lets it finish (then sharp makes it): the line fills
    // and drains when the test says, so which requests get in does not depend on the machine's speed.
    const held: Array<() => void> = []
    let encoding = 0
    let mostAtOnce = 0
    const restore = replaceEncoder((sharpEncoder) => async (file, width, format) => {
      encoding++
      mostAtOnce = Math.max(mostAtOnce, encoding)
      try {
        await new Promise<void>((finish) => held.push(finish))
        return await sharpEncoder(file, width, format)
      } finally {
        encoding--
      }
    })
    const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 20_000, interval: 10 })
    try {
      // 6 images × 2 variants (640 and 1280 of a 640 px image are one): 12 encodes asked for at once.
      const paths = Array.from({ length: 6 }, (_, i) => [320, 640, 1280].map((width) => `/media/_/${width}/busy-${i}.png.webp`)).flat()
      const variantOf = (path: string) => path.replace('/1280/', '/640/')
      const answered = new Map<string, Response>()
      const burst = paths.map((path) => get(path).then((response) => (answered.set(path, response), response)))
      const settledVariants = () =>
        new Set(paths.map(variantOf)).size - new Set(paths.filter((path) => !answered.has(path)).map(variantOf)).size
      // One encoding and maxWaitingEncodes in line, all held: every other variant is answered at once.
      const inLine = 1 + maxWaitingEncodes
      await waitFor(() => expect(settledVariants()).toBeGreaterThanOrEqual(12 - inLine))
      expect(settledVariants()).toBe(12 - inLine)
      expect(held).toHaveLength(1)

      // An AVIF original cannot stand in for a WebP variant (a browser without AVIF asks for WebP): 503.
      const avifSource = await get('/media/_/320/busy.avif.webp')
      const avifKind = ['content-type', 'cache-control', 'retry-after'].map((name) => avifSource.headers.get(name))
      expect([avifSource.status, ...avifKind]).toEqual([503, 'text/plain; charset=utf-8', 'no-store', '5'])
      // Sent to the original is not kept as the variant: asked again, still the line decides.
      const early = paths.find((path) => answered.get(path)?.status === 307) ?? ''
      expect((await get(early)).status).toBe(307)

      // The line drains one encode at a time: the next starts only once the one before has finished.
      for (let turn = 1; turn <= inLine; turn++) {
        await waitFor(() => expect(held).toHaveLength(turn))
        expect(encoding).toBe(1)
        held[turn - 1]?.()
      }
      const responses = await Promise.all(burst)
      expect(held).toHaveLength(inLine)
      expect(mostAtOnce).toBe(1)

      // The requests for one variant share its answer: the variants in line were made, the others sent to the original.
      const statuses = [...new Set(paths.map(variantOf))].map((variant) => [
        ...new Set(paths.filter((path) => variantOf(path) === variant).map((path) => answered.get(path)?.status)),
      ])
      expect(statuses.filter((status) => status.length === 1 && status[0] === 200)).toHaveLength(inLine)
      expect(statuses.filter((status) => status.length === 1 && status[0] === 307)).toHaveLength(12 - inLine)
      for (const [index, response] of responses.entries()) {
        const source = /busy-\d\.png/.exec(paths[index] ?? '')?.[0]
        const kind = [
          response.status,
          response.headers.get('content-type'),
          response.headers.get('cache-control'),
          response.headers.get('location'),
        ]
        if (response.status === 200) expect(kind).toEqual([200, 'image/webp', variantCacheControl, null])
        else expect(kind).toEqual([307, null, 'no-store', `/media/${source}`])
      }

      // Once the line is free, a request sent to the original before gets the variant.
      restore()
      const later = await get(early)
      expect(later.status).toBe(200)
      expect((await sharp(Buffer.from(await later.arrayBuffer())).metadata()).format).toBe('webp')
    } finally {
      restore()
      for (const finish of held) finish()
    }
  }, 60_000)

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
    // However long the machine takes to get to it; the other lock's refresher has had its turns by then too.
    await vi.waitFor(async () => expect(await lockAgeMs(mine)).toBeLessThan(60_000), { timeout: 20_000, interval: 20 })
    stop.forEach((stopRefreshing) => stopRefreshing())
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
