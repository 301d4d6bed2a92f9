/**
 * The variant endpoint: an allowed width and format of an image in a media folder is made with
 * sharp and cached for a year; every other URL, a damaged file included, is a 404, never a 500.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { serveMediaVariant, variantCacheControl } from './media-variants.server'

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

  it('never enlarges: the widest variant of a narrower image is the image at its own width', async () => {
    const response = await get('/media/_/1280/photo.png.webp')
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(1000)
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

  it('answers 405 to other methods', async () => {
    expect((await get('/media/_/640/photo.png.webp', { method: 'POST' })).status).toBe(405)
    expect(existsSync(join(content, 'secret.png.webp'))).toBe(false)
  })
})
