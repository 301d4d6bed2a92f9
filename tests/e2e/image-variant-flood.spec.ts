import type { ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { startServer, stopServer, workerRssMegabytes } from './server-process'

/**
 * ADR 028: 40 parallel requests for distinct image-variant URLs against
 * the built app with two workers. The images are new to the server and linked from no page (the
 * start-up pass has not made them), so every request asks for an encode. Own server on
 * E2E_PORT+140 with its own copy of content/ and its own variant folder.
 */
test.describe.configure({ mode: 'serial' })

const port = Number(process.env.E2E_PORT ?? 3210) + 140
const base = `http://127.0.0.1:${port}`
const images = 4
const widths = [320, 640, 960, 1280, 1600]
let server: ChildProcess | undefined
let output = ''

test.beforeAll(async () => {
  const content = join(mkdtempSync(join(tmpdir(), 'site-variant-flood-')), 'content')
  cpSync('content', content, { recursive: true })
  mkdirSync(join(content, 'media'), { recursive: true })
  // Colours of this run: no variant of them exists anywhere yet. 1000 px wide, so 1280 and 1600 are the 1000 px variant.
  const hue = () =>
    `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`
  for (let i = 0; i < images; i++) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="600"><defs><linearGradient id="g"><stop offset="0" stop-color="${hue()}"/><stop offset="1" stop-color="${hue()}"/></linearGradient></defs><rect width="1000" height="600" fill="url(#g)"/><circle cx="500" cy="300" r="200" fill="${hue()}"/></svg>`
    await sharp(Buffer.from(svg))
      .png()
      .toFile(join(content, 'media', `flood-${i}.png`))
  }
  const data = mkdtempSync(join(tmpdir(), 'site-variant-flood-data-'))
  server = await startServer(
    port,
    { WEB_CONCURRENCY: '2', CONTENT_DIR: content, DATA_DIR: data, MEDIA_VARIANTS_DIR: join(data, 'variants'), LOG_LEVEL: 'info' },
    { onOutput: (text) => (output += text) },
  )
})

test.afterAll(async () => {
  if (server) await stopServer(server)
})

/** A GET on a connection of its own (the primary hands connections to the workers in turn). */
function fetchOnce(path: string): Promise<{ status: number; type: string; cacheControl: string; location: string }> {
  return new Promise((resolve, reject) => {
    // Idle while it waits in line behind up to five encodes: seconds each on a loaded machine.
    const request = get(`${base}${path}`, { agent: false, timeout: 90_000 }, (response) => {
      response.resume()
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          cacheControl: String(response.headers['cache-control'] ?? ''),
          location: String(response.headers.location ?? ''),
        }),
      )
    })
    request.on('timeout', () => request.destroy(new Error(`${path} timed out`)))
    request.on('error', reject)
  })
}

test('40 parallel variant requests: one encode per worker at a time, none twice, the rest sent to the original', async () => {
  test.setTimeout(180_000)
  const paths = Array.from({ length: images }, (_, i) =>
    widths.flatMap((width) => (['avif', 'webp'] as const).map((format) => `/media/_/${width}/flood-${i}.png.${format}`)),
  ).flat()
  expect(paths).toHaveLength(40)
  let polling = true
  const poll = (async () => {
    while (polling) {
      expect((await fetchOnce('/healthz')).status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  const answers = await Promise.all(paths.map((path) => fetchOnce(path)))
  polling = false
  await poll

  const made = answers.filter((answer) => answer.status === 200)
  const redirected = answers.filter((answer) => answer.status === 307)
  expect(made.length + redirected.length).toBe(40)
  for (const answer of made) {
    expect(answer.type).toMatch(/^image\/(avif|webp)$/)
    expect(answer.cacheControl).toContain('immutable')
  }
  // Beyond each worker's one encode and its line: the original, and nothing keeps that answer.
  // Twenty requests reach a worker at once and its line holds five: none is sent away only if
  // fifteen encodes end while the burst arrives (the line itself: media-variants.test.ts).
  expect(redirected.length).toBeGreaterThan(0)
  for (const answer of redirected) {
    expect(answer.location).toMatch(/^\/media\/flood-\d\.png$/)
    expect(answer.cacheControl).not.toMatch(/immutable|max-age=[1-9]/)
  }
  // The server logs each encode: none twice, whichever worker made it, and 1280/1600 are 1000's.
  const encoded = [...output.matchAll(/made variant (\S+)/g)].map((match) => match[1])
  expect(encoded.length).toBeGreaterThan(0)
  expect(new Set(encoded).size).toBe(encoded.length)
  expect(encoded.filter((name) => /-(1280|1600)\./.test(name ?? ''))).toEqual([])
  // Cheap answers stay cheap: the encodes take one core per worker at most (sharp's concurrency
  // is 1), because a worker's encodes never overlap. Each log line tells when an encode ended and
  // how long it took (rounded, the time to the ms: 2 ms of slack). /healthz was answered
  // throughout (the poll above); how fast is `npm run bench`'s to measure.
  const encodes = output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('made variant'))
    .map((line): { worker: string; end: number; ms: number } => {
      const entry: { worker?: unknown; time?: unknown; msg?: unknown } = JSON.parse(line)
      return {
        worker: String(entry.worker),
        end: Date.parse(String(entry.time)),
        ms: Number(/ in (\d+) ms$/.exec(String(entry.msg))?.[1]),
      }
    })
  expect(encodes).toHaveLength(encoded.length)
  for (const worker of new Set(encodes.map((encode) => encode.worker))) {
    const own = encodes.filter((encode) => encode.worker === worker).sort((a, b) => a.end - b.end)
    for (const [index, encode] of own.entries()) {
      const before = own[index - 1]
      if (before)
        expect(encode.end - encode.ms, `worker ${worker}: an encode began before the last one ended`).toBeGreaterThanOrEqual(before.end - 2)
    }
  }
  expect(workerRssMegabytes(server?.pid), 'largest worker RSS (MB)').toBeLessThan(250)
})
