import { getRuntimeConfig } from './env.server'
import { PageCache } from './page-cache'

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
