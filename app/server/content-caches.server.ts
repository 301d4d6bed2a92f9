import { invalidateCmsCache } from './cms/client.server'
import { getPageCache } from './page-cache.server'

/**
 * Content changed (a publish webhook, an edited content file): cached CMS results and the
 * pages built from them are out of date. Returns how many pages were dropped.
 */
export function clearContentCaches(): { pages: number } {
  const pages = getPageCache()?.size ?? 0
  getPageCache()?.clear()
  invalidateCmsCache()
  return { pages }
}

/** What a worker sends its cluster primary, which passes it on to every other worker. */
const contentChangedMessage = { type: 'site:content-changed' } as const

function isContentChanged(message: unknown): boolean {
  return typeof message === 'object' && message !== null && Reflect.get(message, 'type') === contentChangedMessage.type
}

/**
 * A purge: this worker's caches now, every other worker's through the cluster primary
 * (app/server/cluster/primary.mjs). Without a primary (a single process) there is no one to tell.
 */
export function purgeContentCachesEverywhere(): { pages: number } {
  process.send?.(contentChangedMessage)
  return clearContentCaches()
}

/** Empties this worker's caches when another worker was purged. */
export function listenForPurges(): void {
  process.on('message', (message: unknown) => {
    if (isContentChanged(message)) clearContentCaches()
  })
}
