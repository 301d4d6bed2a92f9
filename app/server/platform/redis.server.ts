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
  watch(redis)
  return redis
}

/** Connections whose last word was an error (ioredis retries them, with an error per failed try). */
const failing = new Set<Redis>()
/** What the log last said: a line when Redis goes away and one when it is back, not one per retry and connection. */
let logged: 'up' | 'down' = 'up'

function watch(redis: Redis): void {
  // ioredis reconnects by itself; an unhandled 'error' event would crash the worker.
  redis.on('error', (error) => {
    failing.add(redis)
    if (logged === 'down') return
    logged = 'down'
    logger.error(
      { err: error },
      '[redis] connection lost: contact rate limits use the database and purges from other instances wait until it is back (ioredis retries)',
    )
  })
  redis.on('ready', () => {
    failing.delete(redis)
    if (logged === 'up' || failing.size > 0) return
    logged = 'up'
    logger.info('[redis] connected again')
  })
  // Closed on purpose (shutdown): no longer this worker's connection.
  redis.on('end', () => failing.delete(redis))
}

/** Redis as this worker sees it: 'off' without REDIS_URL, 'down' while a connection fails (/readyz). */
export function redisHealth(): 'off' | 'ok' | 'down' {
  if (!getRuntimeConfig().REDIS_URL) return 'off'
  return failing.size > 0 ? 'down' : 'ok'
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
