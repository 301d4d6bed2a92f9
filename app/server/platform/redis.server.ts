import type { Redis } from 'ioredis'
import { getRuntimeConfig } from './env.server'
import { logger } from './logger.server'
import { retryingLoad } from './retrying-load'

/**
 * Redis or Valkey (REDIS_URL), when several instances must agree: contact rate limits and cache
 * purges. Unset: the database holds the limits and the cluster primary relays purges.
 */
async function connect(): Promise<Redis> {
  const { REDIS_URL } = getRuntimeConfig()
  if (!REDIS_URL) throw new Error('[redis] connect() needs REDIS_URL')
  // Loaded with the first connection: a site without REDIS_URL never carries ioredis in memory.
  const { Redis } = await import('ioredis')
  // Commands fail fast while Redis is away (a contact submission answers 503 rather than hang).
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 3_000, lazyConnect: false })
  // ioredis reconnects by itself; an unhandled 'error' event would crash the worker.
  redis.on('error', (error) => logger.error({ err: error }, '[redis] connection failed'))
  return redis
}

// A failed load (not a failed connection: ioredis retries those) is tried again next time.
const client = retryingLoad(connect)
// A connection in subscriber mode can do nothing else: a second one.
const subscriber = retryingLoad(connect)

/** The shared connection; undefined without REDIS_URL. */
export function redisClient(): Promise<Redis> | undefined {
  if (!getRuntimeConfig().REDIS_URL) return undefined
  return client.get()
}

/** Calls `listener` for every message published on `channel`, by any instance (this one included). */
export async function subscribe(channel: string, listener: (message: string) => void): Promise<boolean> {
  if (!getRuntimeConfig().REDIS_URL) return false
  const connection = await subscriber.get()
  connection.on('message', (from: string, message: string) => {
    if (from === channel) listener(message)
  })
  await connection.subscribe(channel)
  // Connected now, so a later 'ready' is a reconnect (ioredis subscribes again by itself): what
  // was published while the subscriber was away is lost, so act as if a message came.
  connection.on('ready', () => listener(''))
  return true
}

export async function closeRedis(): Promise<void> {
  await Promise.all(
    [client, subscriber].map(async (connection) => {
      const redis = await connection.current()?.catch(() => undefined)
      await redis?.quit().catch(() => undefined)
      connection.forget()
    }),
  )
}
