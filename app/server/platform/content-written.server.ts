import { randomUUID } from 'node:crypto'
import { logger } from './logger.server'
import { redisClient, subscribe } from './redis.server'

/**
 * The admin wrote content files (a save, publish, delete, upload): every worker of every instance
 * reads the content again. On a shared content volume a folder watch sees only its own machine's
 * writes (ADR 107); this channel, beside the purges' (pages/content-caches.server.ts), is how the
 * others hear of them: over Redis pub/sub, else relayed by the cluster primary.
 */
const channel = 'site:content-written'
const message = { type: channel } as const
/** Who announced (process ids repeat across containers). */
const announcer = randomUUID()

/** This worker's reload, once the server listens (lifecycle.server.ts); unset in a one-off process or a unit test. */
let reloadHere: (() => void) | undefined

/**
 * Reloads this worker's content and tells every other worker of every instance to. Never throws:
 * the files are written whatever happens here, and an instance whose Redis connection was away
 * reloads once it is back (redis.server.ts).
 */
export async function announceContentWritten(): Promise<void> {
  if (!reloadHere) return
  reloadHere()
  try {
    const redis = await redisClient()
    if (redis) await redis.publish(channel, announcer)
    else process.send?.(message)
  } catch (error) {
    logger.error({ err: error }, '[cms] the other instances could not be told of the admin’s change: they show it after their next reload')
  }
}

/** Whether a message from the cluster primary is another worker's announcement. */
export const isContentWritten = (sent: unknown): boolean =>
  typeof sent === 'object' && sent !== null && Reflect.get(sent, 'type') === channel

/**
 * Calls `reload` (which reads the content again and so empties this worker's caches) when another
 * worker or instance announces a write, and when the Redis subscription comes back (what was
 * announced meanwhile is lost).
 */
export async function listenForContentWrites(reload: () => void): Promise<void> {
  reloadHere = reload
  // Our own announcement comes back too: this worker reloads already.
  if (await subscribe(channel, (sender) => sender !== announcer && reload())) return
  process.on('message', (sent: unknown) => {
    if (isContentWritten(sent)) reload()
  })
}
