import { randomUUID } from 'node:crypto'
import { invalidateCmsCache } from '../cms-client/client.server'
import { getPageCache } from './page-cache.server'
import { redisClient, subscribe } from '../platform/redis.server'
import { banSharedCachesNowAndSoon } from './shared-cache-ban.server'

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

/** The Redis channel every worker of every instance listens on, and the cluster message. */
const channel = 'site:content-changed'
const contentChangedMessage = { type: channel } as const
/** Who published (process ids repeat across containers). */
const publisher = randomUUID()

function isContentChanged(message: unknown): boolean {
  return typeof message === 'object' && message !== null && Reflect.get(message, 'type') === channel
}

/**
 * A purge: this worker's caches and the shared caches in front now; with Redis, every worker of every instance through
 * pub/sub; without it, every other worker of this instance through the cluster primary
 * (app/server/platform/cluster/primary.mjs). A single process has no one to tell.
 */
export async function purgeContentCachesEverywhere(): Promise<{ pages: number }> {
  const purged = clearContentCaches()
  banSharedCachesNowAndSoon()
  const redis = await redisClient()
  // Throws when Redis cannot be reached: the caller says the purge did not get everywhere.
  if (redis) await redis.publish(channel, publisher)
  else process.send?.(contentChangedMessage)
  return purged
}

/**
 * This worker's content files changed (it watches them itself): its caches, and the shared
 * caches in front. Every worker bans after its own reload, so the last ban follows the last reload.
 */
export function contentFilesChanged(): void {
  clearContentCaches()
  banSharedCachesNowAndSoon()
}

/** Empties this worker's caches when another worker or instance was purged. */
export async function listenForPurges(): Promise<void> {
  // Our own publication comes back too: this worker has cleared already.
  if (await subscribe(channel, (sender) => sender !== publisher && clearContentCaches())) return
  process.on('message', (message: unknown) => {
    if (isContentChanged(message)) clearContentCaches()
  })
}
