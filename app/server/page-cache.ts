import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'

/** A rendered page, kept as the UTF-8 bytes around its CSP nonce so each response can get a new one cheaply. */
export interface CachedPage {
  /** The body split at every occurrence of the nonce it was rendered with. */
  parts: Buffer[]
  /** The nonce in the body and the Content-Security-Policy header; replaced in every response. */
  nonce: string
  status: number
  headers: Array<[string, string]>
  /** Strong validator over the body with its nonce taken out: the same page gives the same tag. */
  etag: string
  storedAt: number
}

/** A page as rendered, ready to be stored or sent. */
export function renderedPage(body: string, nonce: string, status: number, headers: Array<[string, string]>): CachedPage {
  const parts = (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part))
  return { parts, nonce, status, headers, etag: pageEtag(body, nonce), storedAt: Date.now() }
}

/** The page's body with `nonce` wherever it was rendered with its own: byte copies, no re-encoding. */
export function pageBody(page: CachedPage, nonce: string): Uint8Array<ArrayBuffer> {
  const nonceBytes = Buffer.from(nonce)
  const size = page.parts.reduce((n, part) => n + part.byteLength, 0) + nonceBytes.byteLength * (page.parts.length - 1)
  const body = new Uint8Array(size)
  let offset = 0
  page.parts.forEach((part, index) => {
    if (index > 0) {
      body.set(nonceBytes, offset)
      offset += nonceBytes.byteLength
    }
    body.set(part, offset)
    offset += part.byteLength
  })
  return body
}

export type Freshness = 'fresh' | 'stale'

export interface PageCacheOptions {
  ttlMs: number
  /** How long after ttlMs a page is still served (marked stale) while a new render runs. */
  swrMs: number
  maxBytes: number
  now?: () => number
}

/** The ETag of a body rendered with nonce: independent of the nonce, so unchanged pages keep theirs. */
export function pageEtag(body: string, nonce: string): string {
  const normalized = nonce ? body.replaceAll(nonce, '') : body
  return `"${createHash('sha256').update(normalized).digest('base64url').slice(0, 32)}"`
}

/**
 * Anonymous HTML pages in memory, bounded by size (least recently used go
 * first), fresh for ttlMs and then served stale for swrMs while one
 * revalidation per page runs.
 */
export class PageCache {
  readonly #pages: LRUCache<string, CachedPage>
  readonly #revalidating = new Set<string>()
  readonly #ttlMs: number
  readonly #swrMs: number
  readonly #now: () => number

  constructor({ ttlMs, swrMs, maxBytes, now = Date.now }: PageCacheOptions) {
    this.#ttlMs = ttlMs
    this.#swrMs = swrMs
    this.#now = now
    this.#pages = new LRUCache<string, CachedPage>({
      maxSize: maxBytes,
      // UTF-16 in memory: two bytes per character, plus the headers.
      sizeCalculation: (page) =>
        page.parts.reduce((n, part) => n + part.byteLength, 0) + page.headers.reduce((n, [k, v]) => n + (k.length + v.length) * 2, 256),
    })
  }

  get(key: string): { page: CachedPage; freshness: Freshness } | undefined {
    const page = this.#pages.get(key)
    if (!page) return undefined
    const age = this.#now() - page.storedAt
    if (age >= this.#ttlMs + this.#swrMs) {
      this.#pages.delete(key)
      return undefined
    }
    return { page, freshness: age < this.#ttlMs ? 'fresh' : 'stale' }
  }

  set(key: string, page: CachedPage): CachedPage {
    const stored: CachedPage = { ...page, storedAt: this.#now() }
    this.#pages.set(key, stored)
    return stored
  }

  /** Runs render for key unless a revalidation of key is already under way. */
  revalidate(key: string, render: () => Promise<unknown>): void {
    if (this.#revalidating.has(key)) return
    this.#revalidating.add(key)
    render()
      .catch(() => {
        // The stale page stays until it expires; the next request tries again.
      })
      .finally(() => this.#revalidating.delete(key))
  }

  clear(): void {
    this.#pages.clear()
  }

  get size(): number {
    return this.#pages.size
  }

  get bytes(): number {
    return this.#pages.calculatedSize
  }
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
