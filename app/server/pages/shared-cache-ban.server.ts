import { getRuntimeConfig } from '../platform/env.server'
import { logger } from '../platform/logger.server'

/** A cache that has not answered a ban by then is reported and left. */
const banTimeoutMs = 3_000

/**
 * The second ban's delay: a page whose render began before the change (or on an instance that
 * reloaded its content a moment later) can reach the cache after the first ban; the shared cache
 * has no generation check like the page cache's, so it is banned again once such renders are done.
 */
export const secondBanDelayMs = 2_000

/**
 * Tells the shared caches in front (CACHE_BAN_URLS; Varnish with ops/varnish/site.vcl) that the
 * content changed: `BAN /` to each, which empties it as the site's own purge empties the page
 * cache. Resolves to how many confirmed (2xx); never throws: an unreachable cache is logged and
 * its copies expire by their s-maxage.
 */
export async function banSharedCaches(urls: ReadonlyArray<string> = getRuntimeConfig().CACHE_BAN_URLS ?? []): Promise<number> {
  const answers = await Promise.all(
    urls.map(async (url) => {
      try {
        const response = await fetch(url, { method: 'BAN', signal: AbortSignal.timeout(banTimeoutMs) })
        await response.body?.cancel()
        if (response.ok) return true
        logger.warn(`[purge] the shared cache at ${new URL(url).host} refused the ban: ${response.status}`)
      } catch (error) {
        // fetch's own message is "fetch failed"; what went wrong (ECONNREFUSED, a timeout) is its cause.
        const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error
        logger.warn(
          `[purge] the shared cache at ${new URL(url).host} could not be banned: ${reason instanceof Error ? reason.message : String(reason)}`,
        )
      }
      return false
    }),
  )
  return answers.filter(Boolean).length
}

/** A ban now and one after `secondBanDelayMs` (see there), when shared caches are configured. */
export function banSharedCachesNowAndSoon(
  urls: ReadonlyArray<string> = getRuntimeConfig().CACHE_BAN_URLS ?? [],
  delayMs = secondBanDelayMs,
): void {
  if (urls.length === 0) return
  void banSharedCaches(urls)
  // Unref'd: a stopping server does not wait for it.
  setTimeout(() => void banSharedCaches(urls), delayMs).unref()
}
