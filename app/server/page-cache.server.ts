import { getRuntimeConfig } from '../../app.config'
import { PageCache } from './page-cache'

// The HTML middleware (nitro's bundle) and the app's server code (the SSR
// bundle) each get their own copy of this module, so the one cache instance
// lives on globalThis: a purge or content change in the app empties the cache
// the middleware serves from.
declare global {
  var autogroepPageCache: { cache: PageCache | undefined } | undefined
}

/** The process's page cache, configured from the environment; undefined when PAGE_CACHE_TTL is 0. */
export function getPageCache(): PageCache | undefined {
  if (!globalThis.autogroepPageCache) {
    const { PAGE_CACHE_TTL, PAGE_CACHE_SWR, PAGE_CACHE_MAX_MB } = getRuntimeConfig()
    globalThis.autogroepPageCache = {
      cache:
        PAGE_CACHE_TTL === 0
          ? undefined
          : new PageCache({ ttlMs: PAGE_CACHE_TTL * 1000, swrMs: PAGE_CACHE_SWR * 1000, maxBytes: PAGE_CACHE_MAX_MB * 1024 * 1024 }),
    }
  }
  return globalThis.autogroepPageCache.cache
}
