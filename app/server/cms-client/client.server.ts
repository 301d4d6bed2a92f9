import type { TadaDocumentNode } from 'gql.tada'
import { getOperationAST } from 'graphql'
import { ClientError, GraphQLClient } from 'graphql-request'
import { LRUCache } from 'lru-cache'
import { randomUUID } from 'node:crypto'
import { getRuntimeConfig } from '../platform/env.server'
import { logger } from '../platform/logger.server'
import { cmsRequestDuration, cmsRequestErrors } from '../platform/metrics.server'
import { HttpError } from '../../errors/http-error'
import { CircuitBreaker, CircuitOpenError } from './circuit-breaker'
import { contractSchema } from './contract'
import { sanitizeResultHtml } from './sanitize-result'
import { overlayHeader, previewHeader } from '../../cms/preview-token.server'

/**
 * The one entry point to the CMS. Each operation is created once from a typed
 * document; calling it runs the document against the remote CMS
 * (CMS_GRAPHQL_URL) or, by default, against the embedded CMS in-process. Both
 * go through graphql-request, so errors, headers and results are handled the
 * same way. Query results are cached (see cacheSettings).
 */

export interface CmsRequestOptions {
  /** From the auth cookie; sent as a Bearer token and bypasses the shared cache. */
  authToken?: string
  /**
   * From a valid preview cookie; sent as the X-Preview-Token header (the CMS checks it and
   * then serves drafts too) and bypasses the shared cache.
   */
  previewToken?: string
  /** With a preview token: the id of an editor's unsaved values to lay over the content (sent as X-Preview-Overlay). */
  overlay?: string
}

export const cacheSettings = {
  /** Entries per operation (freshness: CMS_CACHE_TTL). */
  maxEntries: 500,
  /**
   * Lookups that found nothing (an unknown link or slug), per operation: kept apart, so a
   * flood of made-up paths never evicts a real page's result (which stale-if-error needs).
   */
  maxMissEntries: 2_000,
  missTtlMs: 60_000,
}

/** Failures in a row (network, timeout, HTTP 5xx) that open the CMS circuit, and for how long. */
export const circuitSettings = { failureThreshold: 5, cooldownMs: 10_000 }

let breaker: CircuitBreaker | undefined

/** The CMS circuit: shared by every operation (they all talk to the same CMS). */
export function cmsCircuit(): CircuitBreaker {
  breaker ??= new CircuitBreaker(circuitSettings)
  return breaker
}

let embeddedLoaded = false

/** Start-up says so once the embedded CMS has loaded its content (lifecycle.server.ts). */
export function embeddedCmsStarted(): void {
  embeddedLoaded = true
}

/** Whether the embedded CMS has loaded its content (/readyz; a remote CMS is judged by its circuit). */
export function embeddedCmsLoaded(): boolean {
  return embeddedLoaded
}

const embeddedUrl = 'http://embedded-cms.invalid/graphql'

/** The embedded CMS in-process, imported on first use: a site with CMS_GRAPHQL_URL never loads it. */
const embeddedFetch: typeof fetch = async (input, init) => {
  const { embeddedGraphqlHandler } = await import('../../embedded-cms/index.server')
  return embeddedGraphqlHandler(new Request(input, init))
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? error.cause.message : undefined
  return cause && cause !== error.message ? `${error.message}: ${cause}` : error.message
}

/**
 * A failed CMS call as visitors may see it: a generic message and a reference. Hosts, ports
 * and engine messages go to the log under the same reference.
 */
function cmsFailure(detail: string, circuitOpen = false): HttpError {
  const reference = randomUUID().slice(0, 8)
  // While the circuit is open every request fails the same way: say so once per cool-down,
  // not once per visitor (and leave error reporting to the failures that opened it).
  if (!circuitOpen || Date.now() - lastOpenCircuitLog >= circuitSettings.cooldownMs) {
    if (circuitOpen) lastOpenCircuitLog = Date.now()
    logger.error({ reference }, `[cms] request failed (reference ${reference}): ${detail}`)
  }
  const cause = circuitOpen ? new CircuitOpenError(detail) : new Error(`${detail} (reference ${reference})`)
  return new HttpError(500, 'Internal Server Error', { cause, reference })
}

let lastOpenCircuitLog = 0

/** The CMS refused a visitor's auth token (401/403): the read is retried as an anonymous one. */
class TokenRefusedError extends Error {
  override name = 'TokenRefusedError'
}

/** Whether a failed call says the CMS is down (counts towards opening the circuit). */
function isOutage(error: unknown): boolean {
  return !(error instanceof ClientError) || error.response.status >= 500
}

function createClient(authToken: string | undefined, previewToken: string | undefined, overlay?: string): GraphQLClient {
  const { CMS_GRAPHQL_URL, SITE_URL } = getRuntimeConfig()
  const headers: Record<string, string> = { Origin: new URL(SITE_URL).origin }
  if (authToken) headers.Authorization = `Bearer ${authToken}`
  if (previewToken) headers[previewHeader] = previewToken
  if (previewToken && overlay) headers[overlayHeader] = overlay
  if (!CMS_GRAPHQL_URL) return new GraphQLClient(embeddedUrl, { headers, fetch: embeddedFetch })
  return new GraphQLClient(CMS_GRAPHQL_URL, { headers })
}

async function runDocument<TResult, TVariables extends Record<string, unknown>>(
  document: TadaDocumentNode<TResult, TVariables>,
  variables: TVariables,
  rootType: 'Query' | 'Mutation',
  authToken: string | undefined,
  previewToken?: string,
  overlay?: string,
): Promise<TResult> {
  const client = createClient(authToken, previewToken, overlay)
  let data: TResult
  try {
    data = await cmsCircuit().run(async () => {
      // Timed inside the circuit: only calls that were made (the open circuit refuses in no time).
      const endTimer = cmsRequestDuration.startTimer()
      try {
        const result = await client.request<TResult, Record<string, unknown>>({
          document,
          variables,
          signal: AbortSignal.timeout(getRuntimeConfig().CMS_TIMEOUT_MS),
        })
        endTimer({ outcome: 'ok' })
        return result
      } catch (error) {
        endTimer({ outcome: 'error' })
        throw error
      }
    }, isOutage)
  } catch (error) {
    if (error instanceof CircuitOpenError) {
      cmsRequestErrors.inc({ reason: 'circuit_open' })
      throw cmsFailure('circuit open after repeated failures; not calling the CMS', true)
    }
    if (error instanceof ClientError && authToken && (error.response.status === 401 || error.response.status === 403)) {
      throw new TokenRefusedError()
    }
    if (error instanceof ClientError) {
      cmsRequestErrors.inc({ reason: error.response.status >= 500 ? 'http' : 'graphql' })
      const message = error.response.errors?.[0]?.message ?? `CMS answered HTTP ${error.response.status}`
      throw cmsFailure(`CMS error: ${message}`)
    }
    cmsRequestErrors.inc({ reason: 'network' })
    // The spec: a GraphQL network error is fatal, status 500.
    throw cmsFailure(describeNetworkError(error))
  }
  sanitizeResultHtml(contractSchema, rootType, data)
  return data
}

const cacheClearers = new Set<() => void>()

/** Drops every cached CMS result (content changed, or a publish webhook). */
export function invalidateCmsCache(): void {
  for (const clear of cacheClearers) clear()
}

export interface CmsOperation<TResult, TVariables> {
  (variables: TVariables, options?: CmsRequestOptions): Promise<TResult>
}

export function createCmsOperation<TResult, TVariables extends Record<string, unknown>>(
  document: TadaDocumentNode<TResult, TVariables>,
  /** Tests pass a fake clock to step through TTL and staleness. */
  options: { clock?: { now(): number } } = {},
): CmsOperation<TResult, TVariables> {
  const rootType = getOperationAST(document)?.operation === 'mutation' ? 'Mutation' : 'Query'
  const cache = new LRUCache<string, { data: TResult }, { variables: TVariables }>({
    max: cacheSettings.maxEntries,
    // At least 1 ms: lru-cache reads 0 as "never stale", where CMS_CACHE_TTL=0 means "always refresh".
    // In development a second: an edit in a remote CMS shows on the next reload.
    ttl: Math.max(1, import.meta.env.MODE === 'development' ? 1000 : getRuntimeConfig().CMS_CACHE_TTL * 1000),
    // Stale-while-revalidate: past the TTL, answer with the last value and refresh once in the background.
    allowStale: true,
    // Stale-if-error: a failed refresh keeps (and serves) the last good value.
    allowStaleOnFetchRejection: true,
    noDeleteOnFetchRejection: true,
    perf: options.clock,
    ttlResolution: 0,
    fetchMethod: async (_key, _stale, { context }) => ({
      data: await runDocument(document, context.variables, rootType, undefined),
    }),
  })
  const misses = new LRUCache<string, { data: TResult }>({
    max: cacheSettings.maxMissEntries,
    ttl: cacheSettings.missTtlMs,
    perf: options.clock,
    ttlResolution: 0,
  })
  /** First lookups of a key in flight: concurrent requests for it share one CMS call. */
  const firstFetches = new Map<string, Promise<TResult>>()
  /** Goes up on every clear: a fetch that started before a purge must not store what it got. */
  let generation = 0
  cacheClearers.add(() => {
    generation++
    cache.clear()
    misses.clear()
    firstFetches.clear()
  })

  /** A key never seen (or expired): fetched once, then kept in the cache or, when empty, with the misses. */
  const fetchFirst = (key: string, variables: TVariables): Promise<TResult> => {
    const running = firstFetches.get(key)
    if (running) return running
    const startedIn = generation
    const fetching = runDocument(document, variables, rootType, undefined)
      .then((data) => {
        if (startedIn !== generation) return data
        if (isEmpty(data)) misses.set(key, { data })
        else cache.set(key, { data })
        return data
      })
      .finally(() => {
        if (firstFetches.get(key) === fetching) firstFetches.delete(key)
      })
    firstFetches.set(key, fetching)
    return fetching
  }

  const operation: CmsOperation<TResult, TVariables> = async (variables, options = {}) => {
    const authToken = usableToken(options.authToken)
    // Mutations are the site's own writes: they carry the CMS write key when one is configured.
    if (rootType === 'Mutation') {
      return runDocument(document, variables, rootType, getRuntimeConfig().EMBEDDED_CMS_WRITE_KEY ?? authToken)
    }
    // Authenticated and preview requests are never shared.
    if (authToken || options.previewToken) {
      try {
        return await runDocument(document, variables, rootType, authToken, options.previewToken, options.overlay)
      } catch (error) {
        // A token the CMS no longer takes (expired since it was checked): an anonymous read, not a 500.
        if (!(error instanceof TokenRefusedError)) throw error
        return operation(variables, { previewToken: options.previewToken, overlay: options.overlay })
      }
    }
    const key = cacheKey(variables)
    const miss = misses.get(key)
    if (miss) return miss.data
    // Known keys (fresh or stale) go through the cache: stale-while-revalidate, stale-if-error.
    if (cache.peek(key, { allowStale: true }) === undefined) return fetchFirst(key, variables)
    const status: LRUCache.Status<string, { data: TResult }, { variables: TVariables }> = {}
    const entry = await cache.fetch(key, { context: { variables }, status })
    // With stale-if-error on, a failed fetch without a stale value resolves empty; surface its error.
    if (!entry) throw status.fetchError ?? cmsFailure('CMS returned no result')
    return entry.data
  }
  return operation
}

/**
 * Whether the CMS takes `token` as a visitor's: a remote CMS answers a minimal query sent with it
 * (2xx: yes; 401 or 403: no). Undefined when it gave no clear answer (an error, 5xx, no answer
 * within CMS_TIMEOUT_MS, or the CMS circuit open): a blip must not sign real visitors out for
 * long. Runs through the CMS circuit, so a CMS that is down is not asked per token. The embedded
 * CMS has no visitor accounts, so it knows no token (its write key is not a visitor's).
 */
export async function cmsKnowsToken(token: string): Promise<boolean | undefined> {
  const { CMS_GRAPHQL_URL, CMS_TIMEOUT_MS } = getRuntimeConfig()
  const usable = usableToken(token)
  if (!CMS_GRAPHQL_URL || !usable) return false
  try {
    await cmsCircuit().run(
      () => createClient(usable, undefined).request({ document: '{ __typename }', signal: AbortSignal.timeout(CMS_TIMEOUT_MS) }),
      isOutage,
    )
    return true
  } catch (error) {
    if (error instanceof ClientError && (error.response.status === 401 || error.response.status === 403)) return false
    return undefined
  }
}

/**
 * The auth cookie's value as a token, or undefined when it cannot be one: a token is
 * visible ASCII (RFC 6750's b64token is a subset). Anything else (any visitor can send
 * any cookie) could not even be put in the Authorization header, and would fail the
 * page with a 500; it is treated as no token.
 */
function usableToken(token: string | undefined): string | undefined {
  return token && /^[\x21-\x7e]+$/.test(token) ? token : undefined
}

/** A root field that found nothing: null, an empty list, or a page of a list past its end. */
function isNothing(value: unknown): boolean {
  if (value === null || (Array.isArray(value) && value.length === 0)) return true
  if (typeof value !== 'object') return false
  const nodes: unknown = Reflect.get(value, 'nodes')
  return Array.isArray(nodes) && nodes.length === 0
}

/** A result whose every root field found nothing: kept with the misses, never pushing out a real result. */
function isEmpty(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false
  const values = Object.values(data)
  return values.length > 0 && values.every(isNothing)
}

function cacheKey(variables: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(variables)
      .sort()
      .map((key) => [key, variables[key]]),
  )
}
