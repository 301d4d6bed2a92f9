import type { TadaDocumentNode } from 'gql.tada'
import { getOperationAST } from 'graphql'
import { ClientError, GraphQLClient } from 'graphql-request'
import { LRUCache } from 'lru-cache'
import { getRuntimeConfig } from '../../../app.config'
import { HttpError } from '../http-error'
import { contractSchema } from './contract'
import { onContentChange } from '../embedded'
import { getPageCache } from '../page-cache.server'
import { embeddedGraphqlHandler } from './embedded-handler.server'
import { sanitizeResultHtml } from './sanitize-result'

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
}

export const cacheSettings = {
  /** Fresh for this long; afterwards served stale while one refresh runs. */
  ttlMs: 60_000,
  /** Entries per operation. */
  maxEntries: 500,
  /** A remote CMS that does not answer within this time counts as down. */
  timeoutMs: 10_000,
}

const embeddedUrl = 'http://embedded-cms.invalid/graphql'

const embeddedFetch: typeof fetch = async (input, init) => embeddedGraphqlHandler(new Request(input, init))

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? error.cause.message : undefined
  return cause && cause !== error.message ? `${error.message}: ${cause}` : error.message
}

function createClient(authToken: string | undefined): GraphQLClient {
  const { CMS_GRAPHQL_URL, SITE_URL } = getRuntimeConfig()
  const headers: Record<string, string> = { Origin: new URL(SITE_URL).origin }
  if (authToken) headers.Authorization = `Bearer ${authToken}`
  if (!CMS_GRAPHQL_URL) return new GraphQLClient(embeddedUrl, { headers, fetch: embeddedFetch })
  return new GraphQLClient(CMS_GRAPHQL_URL, { headers })
}

async function runDocument<TResult, TVariables extends Record<string, unknown>>(
  document: TadaDocumentNode<TResult, TVariables>,
  variables: TVariables,
  rootType: 'Query' | 'Mutation',
  authToken: string | undefined,
): Promise<TResult> {
  const client = createClient(authToken)
  let data: TResult
  try {
    data = await client.request<TResult, Record<string, unknown>>({
      document,
      variables,
      signal: AbortSignal.timeout(cacheSettings.timeoutMs),
    })
  } catch (error) {
    if (error instanceof ClientError) {
      const message = error.response.errors?.[0]?.message ?? `CMS answered HTTP ${error.response.status}`
      throw new HttpError(500, `CMS error: ${message}`)
    }
    // The spec: a GraphQL network error is fatal, status 500, with the network error's message.
    throw new HttpError(500, describeNetworkError(error))
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
    ttl: cacheSettings.ttlMs,
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
  cacheClearers.add(() => cache.clear())

  return async (variables, options = {}) => {
    const authToken = usableToken(options.authToken)
    // Mutations are the site's own writes: they carry the CMS write key when one is configured.
    if (rootType === 'Mutation') {
      return runDocument(document, variables, rootType, getRuntimeConfig().EMBEDDED_CMS_WRITE_KEY ?? authToken)
    }
    // Authenticated requests are never shared.
    if (authToken) return runDocument(document, variables, rootType, authToken)
    const status: LRUCache.Status<string, { data: TResult }, { variables: TVariables }> = {}
    const entry = await cache.fetch(cacheKey(variables), { context: { variables }, status })
    // With stale-if-error on, a failed first fetch resolves empty; surface its error.
    if (!entry) throw status.fetchError ?? new HttpError(500, 'CMS returned no result')
    return entry.data
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

function cacheKey(variables: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(variables).sort().map((key) => [key, variables[key]]))
}

// Embedded content changed on disk: cached results, and pages built from them, are out of date.
onContentChange(() => {
  invalidateCmsCache()
  getPageCache()?.clear()
})
