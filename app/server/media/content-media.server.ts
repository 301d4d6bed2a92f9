import { readFileSync, statSync } from 'node:fs'
import { extname } from 'node:path'
import { mediaCacheControl, mediaFileIn, mediaTypes } from '../../media/media-files'
import { contentMediaDir } from '../../media/media-files.server'
import { methodNotAllowed, plainResponse } from '../http/request-guard.server'

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
