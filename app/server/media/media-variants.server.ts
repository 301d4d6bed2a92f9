import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { readFile, rename, stat, writeFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { LRUCache } from 'lru-cache'
import { parseVariantPath, variantPrefix, variantTypes, type VariantFormat, type VariantRequest } from '../../media/image-variants'
import { getRuntimeConfig } from '../platform/env.server'
import { logger } from '../platform/logger.server'
import { RenderSlots } from '../pages/render-slots'
import { methodNotAllowed, plainResponse } from '../http/request-guard.server'
import { mediaTypes } from '../../media/media-files'
import { mediaSourceFile } from '../../media/media-files.server'
import { keepLockFresh, lockAgeMs, lockToken, releaseLock, takeLock, takeOverStaleLock } from './variant-lock.server'

/**
 * `/media/_/<width>/<source>.<format>`: a CMS image resized and re-encoded with sharp, kept on
 * disk in MEDIA_VARIANTS_DIR (default DATA_DIR/media-variants; shared by the cluster's workers and kept across restarts and
 * deploys: the file is named by the source's content, not its path or time) and in a size-bounded
 * memory cache. Only the widths and formats of image-variants.ts exist, so a URL cannot ask for
 * arbitrary work; anything else is a 404, never a 500. Encoding is CPU work that a flood of
 * distinct URLs must not multiply (docs/decisions/028):
 * - a worker encodes one image at a time, and at most `maxWaitingEncodes` more wait their turn;
 *   beyond that a request is sent to the original image (or gets a 503), not a place in the line;
 * - a width above the source's own is the source's width: 960, 1280 and 1600 of an 800 px image
 *   are one file, made once;
 * - a lock file (created with O_EXCL, variant-lock.server.ts) in the shared folder keeps two
 *   workers, or two instances on one volume, from encoding the same variant at once: the second
 *   waits for the first's file;
 * - the cluster's first worker makes every variant the content's pages link to after start-up
 *   and after each content change (prepareVariants), one at a time, so visitors find them made.
 */

/** The URL names its width and format, and a replaced source gets a new `?v=` (projection.server.ts): kept for a year. */
export const variantCacheControl = 'public, max-age=31536000, immutable'

/**
 * Requests that may wait for this worker's one encode (0.1–1 s each on an idle core, several on
 * a busy machine); more are sent to the original: a visitor gets a picture rather than a long wait.
 */
export const maxWaitingEncodes = 4
/** How long a request waits for another worker's encode of the same variant before it is sent to the original. */
const waitForOtherMs = 5_000
/**
 * A lock older than this is left by a process that died while encoding: taken over, and the
 * variant made again. A live holder touches its lock every `lockRefreshMs`, however long it waits and encodes.
 */
const staleLockMs = 60_000
const lockRefreshMs = 10_000
const lockPollMs = 50

/** Encoder settings: AVIF and WebP at about the same visual quality. Part of every variant's file name: changing them makes new files. */
const encoderSettings = { avif: { quality: 50, effort: 4 }, webp: { quality: 75 } } as const
const settingsId = JSON.stringify(encoderSettings)

/** Made variants by file name; at most 48 MB per worker. */
const memory = new LRUCache<string, Buffer>({ maxSize: 48 * 1024 * 1024, sizeCalculation: (body) => body.byteLength })
/** Variants being made or awaited by this worker: a second request for one shares the first's answer. */
const pending = new Map<string, Promise<Buffer | 'busy'>>()
const encodeSlots = new RenderSlots(1, maxWaitingEncodes)

interface Source {
  /** The bytes' hash (with the encoder settings): names the variants, so an unchanged file keeps them across deploys. */
  hash: string
  /** Its width as shown (EXIF orientation applied): no variant is wider. */
  width: number
}
/** By file, time and size (a replaced file is read again); false: not an image sharp can read. */
const sources = new LRUCache<string, Promise<Source | false>>({ max: 1000 })

/**
 * sharp (libvips, ~6 MB per process) loads with the first variant a process looks at. Set for a
 * server: one libvips thread per image (the worker encodes one at a time, and the other CPUs
 * serve pages), and no operation cache (each variant is made once and then read from disk; the
 * cache would only keep decoded images in native memory, outside V8's limit).
 */
async function loadSharp() {
  const { default: sharp } = await import('sharp')
  if (sharp.concurrency() !== 1) sharp.concurrency(1)
  if (sharp.cache().items.max !== 0) sharp.cache(false)
  return sharp
}

async function measure(file: string): Promise<Source | false> {
  const bytes = await readFile(file)
  const sharp = await loadSharp()
  try {
    const { autoOrient } = await sharp(bytes).metadata()
    return { hash: createHash('sha256').update(settingsId).update(bytes).digest('hex').slice(0, 32), width: autoOrient.width }
  } catch {
    return false
  }
}

async function sourceOf(file: string): Promise<Source | undefined> {
  const { mtimeMs, size } = await stat(file)
  const id = `${file}\0${mtimeMs}\0${size}`
  let source = sources.get(id)
  if (!source) {
    const measuring = measure(file)
    source = measuring
    sources.set(id, measuring)
    // A failed read (EMFILE under load, sharp not loading) is not an answer to keep: the next request tries again.
    measuring.catch(() => {
      if (sources.get(id) === measuring) sources.delete(id)
    })
  }
  return (await source) || undefined
}

/** A variant's width: the asked one, or the source's own when that is narrower (sharp never enlarges). */
export function variantWidth(asked: number, sourceWidth: number): number {
  return Math.min(asked, sourceWidth)
}

/** The variant's file: the source's content, the width it really has, the format. */
function variantName(source: Source, wanted: VariantRequest): string {
  return `${source.hash}-${variantWidth(wanted.width, source.width)}.${wanted.format}`
}

/** Where the variant `wanted` of the image `file` is kept (made or not), or undefined when the file is no image. */
export async function variantFile(file: string, wanted: VariantRequest): Promise<string | undefined> {
  const source = await sourceOf(file)
  return source && join(variantDir(), variantName(source, wanted))
}

function variantDir(): string {
  const { MEDIA_VARIANTS_DIR, DATA_DIR } = getRuntimeConfig()
  return resolve(MEDIA_VARIANTS_DIR ?? join(DATA_DIR, 'media-variants'))
}

/** Makes a variant's bytes: the image `file` at `width` (never wider than its own) in `format`. */
export type Encoder = (file: string, width: number, format: VariantFormat) => Promise<Buffer>

const sharpEncoder: Encoder = async (file, width, format) => {
  const sharp = await loadSharp()
  // rotate(): applies the EXIF orientation, which the re-encoded file no longer carries.
  const resized = sharp(file).rotate().resize({ width, withoutEnlargement: true })
  return (format === 'avif' ? resized.avif(encoderSettings.avif) : resized.webp(encoderSettings.webp)).toBuffer()
}

let encode: Encoder = sharpEncoder

/**
 * Makes variants with `replacement(sharpEncoder)` until the returned function is called. For
 * tests: one that holds each encode open until it lets it finish decides when the line fills and
 * drains, so what it sees does not depend on how fast the machine encodes.
 */
export function replaceEncoder(replacement: (sharp: Encoder) => Encoder): () => void {
  encode = replacement(sharpEncoder)
  return () => {
    encode = sharpEncoder
  }
}

async function readIfThere(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path)
  } catch {
    return undefined
  }
}

/** Encodes under the lock taken (holding `token`), in this worker's one encode slot: 'busy' when too many wait for it already. */
async function encodeLocked(
  file: string,
  width: number,
  format: VariantFormat,
  path: string,
  lock: string,
  token: string,
): Promise<Buffer | 'busy'> {
  // The wait in line and the encode do not count towards a stale lock.
  const stopRefreshing = keepLockFresh(lock, token, lockRefreshMs)
  try {
    // Made by another process between the look on disk and the lock.
    const made = await readIfThere(path)
    if (made) return made
    const release = await encodeSlots.acquire()
    if (!release) return 'busy'
    try {
      const started = performance.now()
      const body = await encode(file, width, format)
      // Written under another name first: another worker may read the file meanwhile.
      const temporary = `${path}.${token}.tmp`
      await writeFile(temporary, body)
      await rename(temporary, path)
      logger.info(`[media] made variant ${path.slice(path.lastIndexOf('/') + 1)} in ${Math.round(performance.now() - started)} ms`)
      return body
    } finally {
      release()
    }
  } finally {
    stopRefreshing()
    await releaseLock(lock, token)
  }
}

/** The variant from disk, else made here under the lock, else (another process holds it) awaited from disk. */
async function madeVariant(file: string, width: number, format: VariantFormat, name: string): Promise<Buffer | 'busy'> {
  const dir = variantDir()
  const path = join(dir, name)
  const lock = `${path}.lock`
  const giveUpAt = Date.now() + waitForOtherMs
  for (;;) {
    const body = await readIfThere(path)
    if (body) return body
    mkdirSync(dir, { recursive: true })
    const token = lockToken()
    if (takeLock(lock, token)) return encodeLocked(file, width, format, path, lock, token)
    if ((await lockAgeMs(lock)) > staleLockMs && (await takeOverStaleLock(lock, staleLockMs))) {
      logger.warn(`[media] took over a stale lock: ${name}`)
      continue
    }
    if (Date.now() > giveUpAt) return 'busy'
    await delay(lockPollMs)
  }
}

/** The variant's bytes (shared by the requests for it in this worker), 'busy', or undefined when the source is no image. */
async function variant(file: string, wanted: VariantRequest): Promise<{ body: Buffer | 'busy'; name: string } | undefined> {
  const source = await sourceOf(file)
  if (!source) return undefined
  const name = variantName(source, wanted)
  const known = memory.get(name)
  if (known) return { body: known, name }
  let making = pending.get(name)
  if (!making) {
    making = madeVariant(file, variantWidth(wanted.width, source.width), wanted.format, name).finally(() => pending.delete(name))
    pending.set(name, making)
  }
  const body = await making
  if (body !== 'busy') memory.set(name, body)
  return { body, name }
}

/** Originals a browser that asked for this format can show (one that takes AVIF takes WebP too). */
const shownWith: Readonly<Record<VariantFormat, readonly string[]>> = {
  avif: ['image/avif', 'image/webp', 'image/jpeg', 'image/png'],
  webp: ['image/webp', 'image/jpeg', 'image/png'],
}

/**
 * While this worker's encodes are all taken: a temporary redirect to the original image when
 * the browser can show it (larger, but the visitor sees the picture, and the original keeps its
 * own URL and caching), else a 503 to try again shortly. Neither is stored under the variant's URL.
 */
function busy(file: string, wanted: VariantRequest): Response {
  if (shownWith[wanted.format].includes(mediaTypes[extname(file).toLowerCase()] ?? '')) {
    return new Response(null, { status: 307, headers: { Location: wanted.source, 'Cache-Control': 'no-store' } })
  }
  return plainResponse(503, 'Busy, try again shortly / Even geduld', { 'Retry-After': '5' })
}

const notFound = () => plainResponse(404, 'Not found / Niet gevonden')

/** Answers a `/media/_/…` request: the variant, the way to the original while busy, a 404 or a 405. */
export async function serveMediaVariant(request: Request, url: URL): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET, HEAD')
  const wanted = parseVariantPath(url.pathname)
  const file = wanted && mediaSourceFile(wanted.source)
  if (!wanted || !file) return notFound()
  let made: Awaited<ReturnType<typeof variant>>
  try {
    made = await variant(file, wanted)
  } catch (error) {
    // Removed since the lookup, or a file sharp cannot encode (damaged): nothing to serve.
    logger.warn({ err: error }, `[media] no ${wanted.format} variant of ${wanted.source}`)
    return notFound()
  }
  if (!made) return notFound()
  const { body, name } = made
  if (body === 'busy') return busy(file, wanted)
  const etag = `"${name.slice(0, name.lastIndexOf('.'))}"`
  const headers = new Headers({
    'Content-Type': variantTypes[wanted.format],
    'Cache-Control': variantCacheControl,
    'Content-Length': String(body.byteLength),
    'X-Content-Type-Options': 'nosniff',
    ETag: etag,
  })
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers })
}

/** Every variant path (`/media/_/…`, without its `?v=`) found anywhere in `value`: the content's pages, news, site data. */
export function variantPathsIn(value: unknown, found = new Set<string>(), seen = new Set<object>()): Set<string> {
  if (typeof value === 'string') {
    if (value.startsWith(variantPrefix)) found.add(value.split('?')[0] ?? value)
  } else if (typeof value === 'object' && value !== null && !seen.has(value)) {
    seen.add(value)
    const children = value instanceof Map ? value.values() : Array.isArray(value) ? value : Object.values(value)
    for (const child of children) variantPathsIn(child, found, seen)
  }
  return found
}

/**
 * Makes the variants behind `paths` that are not on disk yet, one at a time, waiting while the
 * worker's encodes are all taken by visitors. Returns how many it made or found.
 */
export async function prepareVariants(paths: Iterable<string>): Promise<number> {
  let count = 0
  for (const path of paths) {
    const wanted = parseVariantPath(path)
    const file = wanted && mediaSourceFile(wanted.source)
    if (!wanted || !file) continue
    try {
      const path = await variantFile(file, wanted)
      if (!path) continue
      count++
      const made = await stat(path).then(
        () => true,
        () => false,
      )
      if (made) continue
      while ((await variant(file, wanted))?.body === 'busy') await delay(1_000)
    } catch (error) {
      logger.warn({ err: error }, `[media] no ${wanted.format} variant of ${wanted.source}`)
    }
  }
  return count
}
