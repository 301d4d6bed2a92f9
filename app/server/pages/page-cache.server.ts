import { LRUCache } from 'lru-cache'
import type { CachedPage } from '../http/representation'
import { getRuntimeConfig } from '../platform/env.server'
import { logger } from '../platform/logger.server'

export type Freshness = 'fresh' | 'stale'

export interface PageCacheOptions {
  ttlMs: number
  /** How long after ttlMs a page is still served (marked stale) while a new render runs. */
  swrMs: number
  maxBytes: number
  now?: () => number
}

/** Share of the byte budget for pages with a query string (a list page, a filter, or junk). */
const variantShare = 1 / 8

function pageBytes(page: CachedPage): number {
  return (
    page.body.byteLength +
    (page.encoded.br?.byteLength ?? 0) +
    (page.encoded.gzip?.byteLength ?? 0) +
    page.headers.reduce((n, [k, v]) => n + (k.length + v.length) * 2, 256)
  )
}

/**
 * Anonymous HTML pages in memory, bounded by size (least recently used go
 * first), fresh for ttlMs and then served stale for swrMs while one
 * revalidation per page runs. Keys with a query string live in their own,
 * smaller part: a flood of made-up query strings can only push out other
 * query variants, never a page's plain URL.
 */
export class PageCache {
  readonly #pages: LRUCache<string, CachedPage>
  readonly #variants: LRUCache<string, CachedPage>
  readonly #revalidating = new Set<string>()
  /** Goes up with every clear(): a render that started before a purge must not store its page. */
  #generation = 0
  readonly #ttlMs: number
  readonly #swrMs: number
  readonly #now: () => number

  constructor({ ttlMs, swrMs, maxBytes, now = Date.now }: PageCacheOptions) {
    this.#ttlMs = ttlMs
    this.#swrMs = swrMs
    this.#now = now
    const variantBytes = Math.floor(maxBytes * variantShare)
    this.#pages = new LRUCache<string, CachedPage>({ maxSize: maxBytes - variantBytes, sizeCalculation: pageBytes })
    this.#variants = new LRUCache<string, CachedPage>({ maxSize: Math.max(1, variantBytes), sizeCalculation: pageBytes })
  }

  /** Query strings and percent-encoded paths (another spelling of a page) are variants. */
  #partOf(key: string): LRUCache<string, CachedPage> {
    return key.includes('?') || key.includes('%') ? this.#variants : this.#pages
  }

  get generation(): number {
    return this.#generation
  }

  get(key: string): { page: CachedPage; freshness: Freshness } | undefined {
    const part = this.#partOf(key)
    const page = part.get(key)
    if (!page) return undefined
    const age = this.#now() - page.storedAt
    if (age >= this.#ttlMs + this.#swrMs) {
      part.delete(key)
      return undefined
    }
    return { page, freshness: age < this.#ttlMs ? 'fresh' : 'stale' }
  }

  /** Stores a page, unless the cache was cleared since `renderedIn` (the generation its render started in). */
  set(key: string, page: CachedPage, renderedIn = this.#generation): CachedPage {
    const stored: CachedPage = { ...page, storedAt: this.#now() }
    if (renderedIn === this.#generation) this.#partOf(key).set(key, stored)
    return stored
  }

  delete(key: string): void {
    this.#partOf(key).delete(key)
  }

  /** Runs render for key unless a revalidation of key is already under way. */
  revalidate(key: string, render: () => Promise<unknown>): void {
    if (this.#revalidating.has(key)) return
    this.#revalidating.add(key)
    render()
      .catch((error: unknown) => {
        // The stale page stays until it expires; the next request tries again.
        logger.error({ err: error }, `[page-cache] revalidating ${key} failed`)
      })
      .finally(() => this.#revalidating.delete(key))
  }

  clear(): void {
    this.#generation++
    this.#pages.clear()
    this.#variants.clear()
  }

  get size(): number {
    return this.#pages.size + this.#variants.size
  }

  get bytes(): number {
    return this.#pages.calculatedSize + this.#variants.calculatedSize
  }
}

let instance: { cache: PageCache | undefined } | undefined

/**
 * The process's page cache, configured from the environment; undefined when PAGE_CACHE_TTL
 * is 0 or in development (a changed component must show at once, not after the TTL).
 * The server entry, the purge route and the CMS client share this module (one bundle).
 */
export function getPageCache(): PageCache | undefined {
  if (!instance) {
    const { PAGE_CACHE_TTL, PAGE_CACHE_SWR, PAGE_CACHE_MAX_MB } = getRuntimeConfig()
    instance = {
      cache:
        PAGE_CACHE_TTL === 0 || import.meta.env.DEV
          ? undefined
          : new PageCache({ ttlMs: PAGE_CACHE_TTL * 1000, swrMs: PAGE_CACHE_SWR * 1000, maxBytes: PAGE_CACHE_MAX_MB * 1024 * 1024 }),
    }
  }
  return instance.cache
}
