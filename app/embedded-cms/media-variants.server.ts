import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { LRUCache } from 'lru-cache'
import { parseVariantPath, variantTypes, type VariantRequest } from '../blocks/image-variants'
import { getRuntimeConfig } from '../server/env.server'
import { logger } from '../server/logger.server'
import { methodNotAllowed, plainResponse } from '../server/request-guard.server'
import { mediaSourceFile } from './media.server'

/**
 * `/media/_/<width>/<source>.<format>`: a CMS image resized and re-encoded with sharp on first
 * request, then kept on disk (survives restarts, shared by the cluster's workers) and in a
 * size-bounded memory cache. Only the widths and formats of image-variants.ts exist, so a URL
 * cannot ask for arbitrary work; anything else is a 404, never a 500.
 */

/** The URL names its width and format, and a replaced source gets a new `?v=` (projection.ts): kept for a year. */
export const variantCacheControl = 'public, max-age=31536000, immutable'

/** Made variants by cache key; at most 48 MB per worker. */
const memory = new LRUCache<string, Buffer>({ maxSize: 48 * 1024 * 1024, sizeCalculation: (body) => body.byteLength })
/** Variants being made: a second request for one waits for the first instead of encoding again. */
const pending = new Map<string, Promise<Buffer>>()

/**
 * Encoder settings: AVIF and WebP at about the same visual quality. sharp (libvips, ~6 MB per
 * process) loads with the first variant a process makes: most serve theirs from disk.
 */
async function encode(file: string, { width, format }: VariantRequest): Promise<Buffer> {
  const { default: sharp } = await import('sharp')
  // rotate(): applies the EXIF orientation, which the re-encoded file no longer carries.
  const resized = sharp(file).rotate().resize({ width, withoutEnlargement: true })
  return (format === 'avif' ? resized.avif({ quality: 50, effort: 4 }) : resized.webp({ quality: 75 })).toBuffer()
}

/** Reads the variant from disk, else makes it and writes it there (atomically: another worker may read it meanwhile). */
async function variantOf(file: string, request: VariantRequest, key: string): Promise<Buffer> {
  const dir = resolve(getRuntimeConfig().DATA_DIR, 'media-variants')
  const path = join(dir, `${key}.${request.format}`)
  try {
    return readFileSync(path)
  } catch {
    // Not made yet.
  }
  const body = await encode(file, request)
  mkdirSync(dir, { recursive: true })
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, body)
  renameSync(temporary, path)
  return body
}

const notFound = () => plainResponse(404, 'Not found / Niet gevonden')

/** Answers a `/media/_/…` request: the variant, a 404 or a 405. */
export async function serveMediaVariant(request: Request, url: URL): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET, HEAD')
  const wanted = parseVariantPath(url.pathname)
  const file = wanted && mediaSourceFile(wanted.source)
  if (!wanted || !file) return notFound()
  let key: string
  try {
    // The source's identity: a replaced file (same name) makes new variants.
    const { mtimeMs, size } = statSync(file)
    key = createHash('sha256').update(`${file}\0${mtimeMs}\0${size}\0${wanted.width}\0${wanted.format}`).digest('hex').slice(0, 32)
  } catch {
    // Removed since the lookup.
    return notFound()
  }
  let body = memory.get(key)
  if (!body) {
    let making = pending.get(key)
    if (!making) {
      making = variantOf(file, wanted, key).finally(() => pending.delete(key))
      pending.set(key, making)
    }
    try {
      body = await making
    } catch (error) {
      // A file sharp cannot read (damaged, or not the image its name says): nothing to serve.
      logger.warn({ err: error }, `[media] no ${wanted.format} variant of ${wanted.source}`)
      return notFound()
    }
    memory.set(key, body)
  }
  const headers = new Headers({
    'Content-Type': variantTypes[wanted.format],
    'Cache-Control': variantCacheControl,
    'Content-Length': String(body.byteLength),
    'X-Content-Type-Options': 'nosniff',
    ETag: `"${key}"`,
  })
  if (request.headers.get('if-none-match') === `"${key}"`) return new Response(null, { status: 304, headers })
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers })
}
