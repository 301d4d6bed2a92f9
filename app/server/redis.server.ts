import type { Redis } from 'ioredis'
import { getRuntimeConfig } from './env.server'
import { logger } from './logger.server'

/**
 * Redis or Valkey (REDIS_URL), when several instances must agree: contact rate limits and cache
 * purges. Unset: the database holds the limits and the cluster primary relays purges.
 */
let client: Promise<Redis> | undefined
let subscriber: Promise<Redis> | undefined

async function connect(url: string): Promise<Redis> {
  // Loaded with the first connection: a site without REDIS_URL never carries ioredis in memory.
  const { Redis } = await import('ioredis')
  // Commands fail fast while Redis is away (a contact submission answers 503 rather than hang).
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 3_000, lazyConnect: false })
  // ioredis reconnects by itself; an unhandled 'error' event would crash the worker.
  redis.on('error', (error) => logger.error({ err: error }, '[redis] connection failed'))
  return redis
}

/** The shared connection; undefined without REDIS_URL. */
export function redisClient(): Promise<Redis> | undefined {
  const { REDIS_URL } = getRuntimeConfig()
  if (!REDIS_URL) return undefined
  // A failed load (not a failed connection: ioredis retries those) is tried again next time.
  client ??= connect(REDIS_URL).catch((error: unknown) => {
    client = undefined
    throw error
  })
  return client
}

/** Calls `listener` for every message published on `channel`, by any instance (this one included). */
export async function subscribe(channel: string, listener: (message: string) => void): Promise<boolean> {
  const { REDIS_URL } = getRuntimeConfig()
  if (!REDIS_URL) return false
  // A connection in subscriber mode can do nothing else: a second one.
  subscriber ??= connect(REDIS_URL).catch((error: unknown) => {
    subscriber = undefined
    throw error
  })
  const connection = await subscriber
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
    [client, subscriber].map(async (connection) => (await connection?.catch(() => undefined))?.quit().catch(() => undefined)),
  )
  client = undefined
  subscriber = undefined
}
