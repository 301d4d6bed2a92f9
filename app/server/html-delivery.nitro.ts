import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { defineMiddleware, serverFetch } from 'nitro'
import { FastResponse } from 'srvx'
import { constants, defaultLocale, getRuntimeConfig } from '../../app.config'
import { parseConsent, consentCookie } from '../client-runtime/consent'
import { cookieValue } from '../i18n/language-cookie'
import { preferredLocale } from '../i18n/negotiate'
import { type CachedPage, matchesEtag, pageBody, renderedPage, storableHeaders } from './page-cache'
import { getPageCache } from './page-cache.server'
import { RenderSlots } from './render-slots'
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

let renderSlots: RenderSlots | undefined

/** Requests that render a page (not API calls, which a render may itself make: no waiting on ourselves). */
function rendersPage(request: Request, url: URL): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  return !/^\/(?:api\/|_serverFn\/|graphql$|healthz$)/.test(url.pathname)
}

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

async function compress(body: Uint8Array, encoding: 'br' | 'gzip'): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'br') {
    // Quality 4: most of brotli's gain over gzip at a fraction of a millisecond per page.
    return new Uint8Array(await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }))
  }
  return new Uint8Array(await gzipAsync(body, { level: 6 }))
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
 * Sends a page with `nonce` in it: 304 when the browser has it, otherwise the (compressed)
 * body. srvx's FastResponse writes bytes straight to the socket, where a standard Response
 * would be read back through a stream.
 */
async function deliver(request: Request, page: CachedPage, nonce: string, state: 'HIT' | 'STALE' | 'MISS' | 'BYPASS'): Promise<Response> {
  const headers = new Headers(page.headers)
  headers.set('X-Page-Cache', state)
  headers.set('Cache-Control', cacheControl(page.status, headers.get('cache-control')))
  headers.set('Vary', withVary(headers.get('vary'), 'Accept-Encoding', 'Cookie'))
  const body = pageBody(page, nonce)
  const encoding = body.byteLength >= 1024 ? negotiateEncoding(request.headers.get('accept-encoding')) : undefined
  if (page.status === 200) {
    headers.set('ETag', encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag)
    if (matchesEtag(request.headers.get('if-none-match'), page.etag)) {
      // The browser keeps the page it has, with the policy (and nonce) it came with.
      headers.delete('Content-Security-Policy')
      return new FastResponse(null, { status: 304, headers })
    }
  }
  const policy = headers.get('content-security-policy')
  if (policy && page.nonce && nonce !== page.nonce) headers.set('Content-Security-Policy', policy.replaceAll(page.nonce, nonce))
  const sent = encoding ? await compress(body, encoding) : body
  if (encoding) headers.set('Content-Encoding', encoding)
  headers.set('Content-Length', String(sent.byteLength))
  return new FastResponse(request.method === 'HEAD' ? null : sent, { status: page.status, headers })
}

export default defineMiddleware(async (event, next) => {
  const request = event.req
  const url = new URL(request.url)
  const cache = getPageCache()
  const key = cache ? cacheKey(request, url) : undefined
  const isRevalidation = event.context[revalidationFlag] === true
  const fromCache = () => {
    const hit = cache && key && !isRevalidation ? cache.get(key) : undefined
    if (!cache || !key || !hit) return undefined
    if (hit.freshness === 'stale') {
      const headers = new Headers(request.headers)
      headers.delete('if-none-match')
      cache.revalidate(key, () => serverFetch(new Request(request.url, { headers }), undefined, { [revalidationFlag]: true }))
    }
    // A new nonce for every response: never one sent before.
    return deliver(request, hit.page, createNonce(), hit.freshness === 'fresh' ? 'HIT' : 'STALE')
  }
  const cached = fromCache()
  if (cached) return cached

  renderSlots ??= new RenderSlots(getRuntimeConfig().RENDER_CONCURRENCY, 1000)
  const release = rendersPage(request, url) ? await renderSlots.acquire() : () => {}
  if (!release) return new Response('Too busy, please try again in a moment.', { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } })
  // While this request waited for its turn, another may have rendered and stored the page.
  const cachedMeanwhile = fromCache()
  if (cachedMeanwhile) {
    release()
    return cachedMeanwhile
  }
  let response: unknown
  let body: string
  try {
    response = await next()
    if (!(response instanceof Response) || !response.headers.get('content-type')?.startsWith('text/html')) return response
    // The render streams into the body: it has finished only once the body is read.
    body = await response.text()
  } finally {
    release()
  }
  const nonce = nonceOf(response.headers.get('content-security-policy') ?? '') ?? ''
  const storable =
    cache !== undefined &&
    key !== undefined &&
    request.method === 'GET' &&
    response.status === 200 &&
    !response.headers.has('set-cookie') &&
    !/private|no-store/.test(response.headers.get('cache-control') ?? '')
  const page = renderedPage(body, nonce, response.status, storableHeaders(response.headers))
  if (storable) return deliver(request, cache.set(key, page), nonce, 'MISS')
  return deliver(request, page, nonce, 'BYPASS')
})
