import { createHash } from 'node:crypto'
import { readFileSync, realpathSync, statSync } from 'node:fs'
import { extname, join, relative, resolve, sep } from 'node:path'
import { constants } from '../../app.config'
import { getRuntimeConfig } from '../server/env.server'
import { methodNotAllowed, plainResponse } from '../server/request-guard.server'

/**
 * Images and PDFs an editor drops into `<CONTENT_DIR>/media/`, served at `/media/…` straight
 * from the folder: a new file is online at once, without a build (only public/ needs one).
 * nitro serves public/media before the app, so the files shipped with the build keep their
 * URLs and a content file never replaces one of them.
 */

/** What may be served: images and PDFs, by extension. Anything else (SVG with its scripts, HTML) is a 404. */
export const mediaTypes: Readonly<Record<string, string>> = {
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
}

/** As the build's /media route rule (vite.config.ts). */
export const mediaCacheControl = constants.renamableFileCacheControl

/** The content folder's media folder. */
export function contentMediaDir(): string {
  return resolve(process.cwd(), getRuntimeConfig().CONTENT_DIR, 'media')
}

/**
 * The file in `root` that a path under `prefix` names (`/media/x.webp` → `<root>/x.webp`), or
 * undefined: a path that is not plainly inside the folder (`..`, encoded slashes, NUL, hidden
 * files, a symlink that points out) or that is not a servable type names nothing.
 */
export function mediaFileIn(root: string, pathname: string, prefix = '/media/'): string | undefined {
  if (!pathname.startsWith(prefix)) return undefined
  let name: string
  try {
    name = decodeURIComponent(pathname.slice(prefix.length))
  } catch {
    return undefined
  }
  const parts = name.split('/')
  if (parts.some((part) => part === '' || part.startsWith('.') || /[\\\0]/.test(part))) return undefined
  if (!(extname(name).toLowerCase() in mediaTypes)) return undefined
  try {
    const realRoot = realpathSync(root)
    const file = realpathSync(join(root, ...parts))
    const inside = relative(realRoot, file)
    if (inside.startsWith('..') || inside.startsWith(sep) || !statSync(file).isFile()) return undefined
    return file
  } catch {
    // Missing, unreadable or a broken link: not found.
    return undefined
  }
}

const publicFolders = ['public', '.output/public']

/** The file a `/media/…` URL is answered from: public/ (as in the sources, or as built; nitro serves it before the app), else the content folder. */
export function mediaSourceFile(url: string): string | undefined {
  return publicFolders.map((root) => mediaFileIn(resolve(root), url, '/')).find(Boolean) ?? mediaFileIn(contentMediaDir(), url)
}

/** A short token that changes when the file behind a `/media/…` URL is replaced (its time and size), or undefined without a file. */
export function mediaVersion(url: string): string | undefined {
  const file = mediaSourceFile(url)
  if (!file) return undefined
  const { mtimeMs, size } = statSync(file)
  return createHash('sha256').update(`${mtimeMs}\0${size}`).digest('hex').slice(0, 10)
}

const notFound = () => plainResponse(404, 'Not found / Niet gevonden')

/** Answers a `/media/…` request from the content folder: the file, a 304, a 404 or a 405. */
export function serveContentMedia(request: Request, url: URL): Response {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET, HEAD')
  const file = mediaFileIn(contentMediaDir(), url.pathname)
  if (!file) return notFound()
  let body: Buffer<ArrayBuffer>
  let modified: Date
  try {
    modified = statSync(file).mtime
    body = readFileSync(file)
  } catch {
    // Removed between the lookup and the read.
    return notFound()
  }
  const etag = `W/"${body.byteLength.toString(16)}-${Math.floor(modified.getTime() / 1000).toString(16)}"`
  const headers = new Headers({
    'Content-Type': mediaTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': mediaCacheControl,
    'X-Content-Type-Options': 'nosniff',
    'Last-Modified': modified.toUTCString(),
    ETag: etag,
  })
  if (
    request.headers
      .get('if-none-match')
      ?.split(',')
      .some((tag) => tag.trim() === etag)
  ) {
    return new Response(null, { status: 304, headers })
  }
  headers.set('Content-Length', String(body.byteLength))
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers })
}
