import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { defineMiddleware, serverFetch } from 'nitro'
import { FastResponse } from 'srvx'
import { constants, defaultLocale, getRuntimeConfig } from '../../app.config'
import { parseConsent, consentCookie } from '../client-runtime/consent'
import { cookieValue } from '../i18n/language-cookie'
import { preferredLocale } from '../i18n/negotiate'
import { type CachedPage, matchesEtag, pageEtag, storableHeaders } from './page-cache'
import { getPageCache } from './page-cache.server'
import { createNonce, nonceOf } from './security-headers'

/**
 * How every HTML response leaves the server (a nitro middleware around the
 * app): served from the page cache when it can be, with a fresh CSP nonce,
 * an ETag (304 when the browser has it), Cache-Control and compression.
 */

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
/** Marks the in-process request that renders a stale page anew. */
const revalidationFlag = 'pageCacheRevalidation'

/** The cache entry for a request, or undefined when its page must not come from or go to the cache. */
function cacheKey(request: Request, url: URL): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const cookies = request.headers.get('cookie')
  // Signed-in visitors get personal pages.
  if (cookieValue(cookies, constants.authCookie.name)) return undefined
  // `/` sends visitors of another language elsewhere (start.ts); only the nl page is shared.
  if (url.pathname === '/') {
    const locale = preferredLocale(cookieValue(cookies, constants.languageCookie.name), request.headers.get('accept-language'))
    if (locale !== defaultLocale) return undefined
  }
  // The page embeds the visitor's consent choice (root loader), so it is part of the key.
  const consent = parseConsent(cookieValue(cookies, consentCookie.name)) ?? ''
  return `${url.host}${url.pathname}${url.search}|${consent}`
}

function cacheControl(status: number, existing: string | null): string {
  if (existing && /private|no-store/.test(existing)) return existing
  const { PAGE_CACHE_TTL, PAGE_CACHE_SWR } = getRuntimeConfig()
  if (status !== 200 || PAGE_CACHE_TTL === 0) return 'no-cache'
  return `public, max-age=0, s-maxage=${PAGE_CACHE_TTL}, stale-while-revalidate=${PAGE_CACHE_SWR}`
}

function negotiateEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name?.trim().toLowerCase())
  if (accepted.includes('br')) return 'br'
  if (accepted.includes('gzip')) return 'gzip'
  return undefined
}

async function compress(body: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  if (encoding === 'br') {
    // Quality 5: most of brotli's gain at a cost per page well under a millisecond.
    return brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
  }
  return gzipAsync(body, { level: 6 })
}

function withVary(existing: string | null, ...names: string[]): string {
  const all = new Map<string, string>()
  for (const name of [...(existing ?? '').split(','), ...names]) {
    const trimmed = name.trim()
    if (trimmed) all.set(trimmed.toLowerCase(), trimmed)
  }
  return [...all.values()].join(', ')
}

/**
 * Sends a page: a fresh nonce unless it was just rendered for this response, then 304 or the
 * (compressed) body. srvx's FastResponse writes a string or bytes body straight to the socket,
 * where a standard Response would be read back through a stream.
 */
async function deliver(request: Request, page: CachedPage, state: 'HIT' | 'STALE' | 'MISS' | 'BYPASS', fromCache: boolean): Promise<Response> {
  const headers = new Headers(page.headers)
  headers.set('X-Page-Cache', state)
  headers.set('Cache-Control', cacheControl(page.status, headers.get('cache-control')))
  headers.set('Vary', withVary(headers.get('vary'), 'Accept-Encoding', 'Cookie'))
  const encoding = page.body.length >= 1024 ? negotiateEncoding(request.headers.get('accept-encoding')) : undefined
  if (page.status === 200) {
    headers.set('ETag', encoding ? `${page.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gzip'}"` : page.etag)
    if (matchesEtag(request.headers.get('if-none-match'), page.etag)) {
      // The browser keeps the page it has, with the policy (and nonce) it came with.
      headers.delete('Content-Security-Policy')
      return new FastResponse(null, { status: 304, headers })
    }
  }
  let body = page.body
  if (fromCache && page.nonce) {
    const nonce = createNonce()
    body = body.replaceAll(page.nonce, nonce)
    const policy = headers.get('content-security-policy')
    if (policy) headers.set('Content-Security-Policy', policy.replaceAll(page.nonce, nonce))
  }
  if (!encoding) {
    headers.set('Content-Length', String(Buffer.byteLength(body)))
    return new FastResponse(request.method === 'HEAD' ? null : body, { status: page.status, headers })
  }
  const compressed = await compress(body, encoding)
  headers.set('Content-Encoding', encoding)
  headers.set('Content-Length', String(compressed.byteLength))
  const bytes = new Uint8Array(compressed)
  return new FastResponse(request.method === 'HEAD' ? null : bytes, { status: page.status, headers })
}

export default defineMiddleware(async (event, next) => {
  const request = event.req
  const url = new URL(request.url)
  const cache = getPageCache()
  const key = cache ? cacheKey(request, url) : undefined
  const isRevalidation = event.context[revalidationFlag] === true
  if (cache && key && !isRevalidation) {
    const hit = cache.get(key)
    if (hit) {
      if (hit.freshness === 'stale') {
        const headers = new Headers(request.headers)
        headers.delete('if-none-match')
        cache.revalidate(key, () => serverFetch(new Request(request.url, { headers }), undefined, { [revalidationFlag]: true }))
      }
      return deliver(request, hit.page, hit.freshness === 'fresh' ? 'HIT' : 'STALE', true)
    }
  }

  const response = await next()
  if (!(response instanceof Response) || !response.headers.get('content-type')?.startsWith('text/html')) return response
  const body = await response.text()
  const nonce = nonceOf(response.headers.get('content-security-policy') ?? '') ?? ''
  const storable =
    cache !== undefined &&
    key !== undefined &&
    request.method === 'GET' &&
    response.status === 200 &&
    !response.headers.has('set-cookie') &&
    !/private|no-store/.test(response.headers.get('cache-control') ?? '')
  const page = { body, nonce, status: response.status, headers: storableHeaders(response.headers) }
  if (storable) return deliver(request, cache.set(key, page), 'MISS', false)
  return deliver(request, { ...page, etag: pageEtag(body, nonce), storedAt: Date.now() }, 'BYPASS', false)
})
