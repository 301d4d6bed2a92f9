/**
 * Media from the content folder: images and PDFs inside it are served with the /media
 * caching headers; anything else, and any path that leads out of the folder, is a 404.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { mediaCacheControl, mediaFileIn } from '../../media/media-files'
import { serveContentMedia } from './content-media.server'

const base = mkdtempSync(join(tmpdir(), 'cms-media-'))
const content = join(base, 'content')
const media = join(content, 'media')
mkdirSync(join(media, 'docs'), { recursive: true })
writeFileSync(join(media, 'photo.webp'), 'RIFF....WEBP')
writeFileSync(join(media, 'docs', 'price list.pdf'), '%PDF-1.4\n%%EOF\n')
writeFileSync(join(media, 'logo.svg'), '<svg onload="alert(1)"/>')
writeFileSync(join(media, '.hidden.png'), 'x')
writeFileSync(join(content, 'secret.pdf'), '%PDF-secret')
symlinkSync(join(content, 'secret.pdf'), join(media, 'link.pdf'))
// Before anything reads the runtime config (read once, lazily, per test file).
vi.stubEnv('CONTENT_DIR', content)

afterAll(() => {
  vi.unstubAllEnvs()
})

const get = (path: string, init: RequestInit = {}) => {
  const url = new URL(path, 'http://localhost')
  return serveContentMedia(new Request(url, init), url)
}

describe('mediaFileIn', () => {
  it('finds images and PDFs inside the folder, also in subfolders and with encoded names', () => {
    expect(mediaFileIn(media, '/media/photo.webp')).toBe(join(media, 'photo.webp'))
    expect(mediaFileIn(media, '/media/docs/price%20list.pdf')).toBe(join(media, 'docs', 'price list.pdf'))
  })

  it.each([
    '/media/../secret.pdf',
    '/media/%2e%2e/secret.pdf',
    '/media/docs%2f..%2f..%2fsecret.pdf',
    '/media/docs/..%5c..%5csecret.pdf',
    '/media//photo.webp',
    '/media/link.pdf',
    '/media/.hidden.png',
    '/media/logo.svg',
    '/media/photo.webp%00.pdf',
    '/media/%E0%A4%A',
    '/media/missing.webp',
    '/media/docs',
  ])('names nothing for %s', (path) => {
    expect(mediaFileIn(media, path)).toBeUndefined()
  })
})

describe('serveContentMedia', () => {
  it('serves a file with its type, the /media caching and nosniff', async () => {
    const response = get('/media/docs/price%20list.pdf')
    expect(response.status).toBe(200)
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': mediaCacheControl,
      'x-content-type-options': 'nosniff',
      'content-length': '15',
    })
    expect(await response.text()).toBe('%PDF-1.4\n%%EOF\n')
  })

  it('answers 304 to a browser that has the file, and HEAD without a body', async () => {
    const etag = get('/media/photo.webp').headers.get('etag') ?? ''
    expect(get('/media/photo.webp', { headers: { 'If-None-Match': etag } }).status).toBe(304)
    const head = get('/media/photo.webp', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('answers 404 for what it does not serve and 405 for other methods', () => {
    for (const path of ['/media/logo.svg', '/media/missing.webp', '/media/%2e%2e/secret.pdf']) {
      const response = get(path)
      expect(response.status).toBe(404)
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
    expect(get('/media/photo.webp', { method: 'POST' }).status).toBe(405)
  })
})
