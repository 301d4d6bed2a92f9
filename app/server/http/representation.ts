import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'

/**
 * A response's representation as the HTTP layer sends it: fixed bytes, their br/gzip forms
 * and a strong ETag, negotiated per request (Accept-Encoding, If-None-Match). Used by the page
 * cache (app/server/pages/) and the generated documents (sitemap, feeds: compressed-response.server.ts).
 */

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type ContentCoding = 'br' | 'gzip'

/** Bytes on their own ArrayBuffer: what a Response body takes as is, with no copy per response. */
type Bytes = Uint8Array<ArrayBuffer>

/**
 * A rendered page as fixed bytes: the same for every anonymous visitor (no nonce, no
 * per-visitor state), so it is compressed once, when it is stored, and a hit only copies
 * bytes to the socket.
 */
export interface CachedPage {
  status: number
  headers: Array<[string, string]>
  /** Strong validator of the identity body; its br/gzip forms carry a `-br`/`-gzip` suffix. */
  etag: string
  body: Bytes
  /** Only for bodies worth compressing (≥ 1 KB). */
  encoded: Partial<Record<ContentCoding, Bytes>>
  storedAt: number
}

/** Below this a compressed body saves less than its headers cost. */
export const minCompressBytes = 1024

/**
 * A page as rendered, with its compressed forms. Brotli quality 5: done once per stored page
 * (not per response), ADR 069.
 */
export async function renderedPage(
  body: string | Buffer,
  status: number,
  headers: Array<[string, string]>,
  /** Which codings to make: both for a page that is stored, only the one needed for a page sent once. */
  codings: ReadonlyArray<ContentCoding> = ['br', 'gzip'],
): Promise<CachedPage> {
  const bytes: Bytes = typeof body === 'string' ? new TextEncoder().encode(body) : Uint8Array.from(body)
  const encoded: CachedPage['encoded'] = {}
  if (bytes.byteLength >= minCompressBytes) {
    await Promise.all(
      codings.map(async (coding) => {
        encoded[coding] = await encodedBody(bytes, coding)
      }),
    )
  }
  return { status, headers, etag: pageEtag(bytes), body: bytes, encoded, storedAt: Date.now() }
}

/** A body in one coding, off the main thread. */
export async function encodedBody(bytes: Bytes, coding: ContentCoding): Promise<Bytes> {
  const compressed =
    coding === 'br'
      ? await brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } })
      : await gzipAsync(bytes, { level: 6 })
  return Uint8Array.from(compressed)
}

export function pageEtag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
}

/** Parsed Accept-Encoding values: browsers send a handful of distinct ones, so each is parsed once. */
const acceptedCodings = new Map<string, ReadonlySet<string | undefined>>()

function acceptedCodingsOf(acceptEncoding: string): ReadonlySet<string | undefined> {
  let accepted = acceptedCodings.get(acceptEncoding)
  if (!accepted) {
    accepted = new Set(
      acceptEncoding
        .split(',')
        .map((part) => part.trim().split(';'))
        .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
        .map(([name]) => name?.trim().toLowerCase()),
    )
    // Made-up values cannot grow it without bound.
    if (acceptedCodings.size >= 64) acceptedCodings.clear()
    acceptedCodings.set(acceptEncoding, accepted)
  }
  return accepted
}

/** The best coding the client accepts (q > 0) among those the page has. */
export function negotiateEncoding(
  acceptEncoding: string | null,
  available: Partial<Record<ContentCoding, unknown>>,
): ContentCoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = acceptedCodingsOf(acceptEncoding)
  if (available.br && accepted.has('br')) return 'br'
  if (available.gzip && accepted.has('gzip')) return 'gzip'
  return undefined
}

/** Headers that belong to one response only and are never stored with a page. */
const perResponseHeaders = new Set(['set-cookie', 'date', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'etag'])

export function storableHeaders(headers: Headers): Array<[string, string]> {
  return [...headers].filter(([name]) => !perResponseHeaders.has(name.toLowerCase()))
}

/** Whether an If-None-Match value names this entity tag (any content coding of it). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const base = etag.slice(1, -1)
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '').replace(/^"|"$/g, '')
    return tag === base || tag === `${base}-br` || tag === `${base}-gzip`
  })
}
