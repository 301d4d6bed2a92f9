import { randomBytes } from 'node:crypto'
import { FastResponse } from 'srvx'
import { constants, defaultLocale } from '../../../app.config'
import { pathCodec } from '../../i18n/i18n'
import { decidePath } from '../redirects/path-decision.server'
import { internalSegment } from '../../i18n/paths'
import { getRuntimeConfig } from '../platform/env.server'
import { cookieValue } from '../../i18n/language-cookie'
import { preferredLocale } from '../../i18n/negotiate'
import { type CachedPage, type ContentCoding, matchesEtag, negotiateEncoding, renderedPage, storableHeaders } from '../http/representation'
import { getPageCache, type PageCache } from './page-cache.server'
import { pageRenderDuration, renderRefusals } from '../platform/metrics.server'
import { RenderSlots } from './render-slots'
import { requestWithSignal, withDeadline } from '../http/deadline'
import { logger } from '../platform/logger.server'
import { deferClientEntry } from './deferred-entry'
import { createRenderMarker, inlineScriptHashes, inlineScriptTexts, securityHeaders } from '../http/security-headers'
import { pageRefusal } from './page-refusal.server'
import { markComplete } from '../http/complete-response'
import { clearedPreviewCookie, hasRevokedPreviewCookie, hasSignedPreviewCookie } from '../cms-client/preview.server'
import { isSignedIn, mayBeSignedIn, withoutAuthCookie } from './signed-in.server'
import { rateLimitKey } from '../http/client-key'
import { fillShell, shellTemplate, type ShellTemplate } from './not-found-shell'
import { bytesOfHtml, htmlOfBytes } from '../http/page-bytes'
import { missingPage, shellTemplateFor, type MissingPage } from './not-found-shell.server'
import { pageQuery } from './page-query.server'

/**
 * How every page leaves the server: from the page cache when it can be, with an ETag (304
 * when the browser has it), Cache-Control, a hash-based CSP and compression. A stored page is
 * fixed bytes, compressed once when stored: a hit does no compression and no HTML work.
 */

/** Renders a page; `marker` goes on every script the router emits (security-headers.ts). */
type Render = (request: Request, marker: string) => Promise<Response>

let slots: RenderSlots | undefined

/** Where a page request is stored: its cache key, and the page as it is rendered for the key. */
interface CacheEntry {
  key: string
  /** The request as rendered for the cache: its URL without the parameters the page does not read. */
  request: Request
  /** Those parameters, put back on a redirect's target. */
  dropped: Array<[string, string]>
}

/**
 * The cache entry for a page request, or undefined when it must not come from or go to the
 * cache. Anonymous pages are the same bytes for everyone (per-visitor state such as the
 * consent choice is applied in the browser), so no cookie is part of the key; nor is a query
 * parameter the page does not read (page-query.server.ts).
 */
function cacheEntry(request: Request, url: URL): CacheEntry | undefined {
  // A form post's answer is that visitor's alone (contact form without JavaScript).
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const cookies = request.headers.get('cookie')
  // Signed in (deliverPage has taken every auth cookie the CMS does not know away): a page of their own.
  if (mayBeSignedIn(cookies)) return undefined
  // A preview shows drafts: for this editor only.
  if (hasSignedPreviewCookie(cookies)) return undefined
  // `/` sends visitors of another language elsewhere (middleware/language-detection.ts); only the nl page is shared.
  if (url.pathname === '/') {
    const locale = preferredLocale(cookieValue(cookies, constants.languageCookie.name), request.headers.get('accept-language'))
    if (locale !== defaultLocale) return undefined
  }
  const { kept, dropped } = pageQuery(url)
  const search = kept.length ? `?${new URLSearchParams(kept)}` : ''
  const key = `${url.host}${url.pathname}${search}`
  if (dropped.length === 0) return { key, request, dropped }
  // Rendered as the plain page would be: the stored bytes are the page every request of this key gets.
  const plain = new URL(url)
  plain.search = search
  return { key, request: new Request(plain, { method: request.method, headers: request.headers, signal: request.signal }), dropped }
}

/** A redirect rendered for the plain page, to the site's own target with the visitor's other parameters back on (campaign tags survive it). */
function withDroppedParams(url: URL, response: Response, dropped: ReadonlyArray<[string, string]>): Response {
  const location = response.headers.get('location')
  if (dropped.length === 0 || location === null || response.status < 300 || response.status >= 400) return response
  // Only to the site itself: a visitor's parameters do not go along to another site (as the path redirects do).
  if (!URL.canParse(location, url) || new URL(location, url).origin !== url.origin) return response
  const hashAt = location.indexOf('#')
  const [target, hash] = hashAt === -1 ? [location, ''] : [location.slice(0, hashAt), location.slice(hashAt)]
  const headers = new Headers(response.headers)
  headers.set('Location', `${target}${target.includes('?') ? '&' : '?'}${new URLSearchParams([...dropped])}${hash}`)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

function cacheControl(status: number, existing: string | null): string {
  if (existing && /private|no-store/.test(existing)) return existing
  const { PAGE_CACHE_TTL, PAGE_CACHE_SWR } = getRuntimeConfig()
  if (status !== 200 || PAGE_CACHE_TTL === 0) return 'no-cache'
  return `public, max-age=0, s-maxage=${PAGE_CACHE_TTL}, stale-while-revalidate=${PAGE_CACHE_SWR}`
}

function withVary(existing: string | null, ...names: string[]): string {
  const all = new Map<string, string>()
  for (const name of [...(existing ?? '').split(','), ...names]) {
    const trimmed = name.trim()
    if (trimmed) all.set(trimmed.toLowerCase(), trimmed)
  }
  return [...all.values()].join(', ')
}

type HeaderList = Array<[string, string]>

/**
 * `/`'s redirect to the visitor's language (middleware/language-detection.ts) depends on nothing
 * but the request headers its Vary names, so a shared cache in front may keep it as long as a
 * page; without a Cache-Control it would ask the origin again for every foreign visitor. Other
 * answers without HTML, and a redirect already marked private, are left as they are.
 */
export function withSharedRedirectCaching(url: URL, response: Response): Response {
  const vary = response.headers.get('vary') ?? ''
  if (url.pathname !== '/' || response.status !== 302 || !/accept-language/i.test(vary)) return response
  if (response.headers.has('cache-control') || response.headers.has('set-cookie')) return response
  const headers = new Headers(response.headers)
  headers.set('Cache-Control', cacheControl(200, null))
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/** Headers a page answer sets itself, whatever the rendered response carried. */
const setPerAnswer = new Set(['cache-control', 'vary', 'etag', 'age', 'x-page-cache', 'content-encoding', 'content-length'])

/**
 * Every header of a page's answer in one coding except the per-request ones (X-Page-Cache, Age,
 * X-Request-Id, Content-Length): made once per stored page and coding, so a hit copies a short
 * list instead of building headers.
 */
const fixedHeaders = new WeakMap<CachedPage, Map<ContentCoding | 'identity', HeaderList>>()

function fixedHeadersOf(page: CachedPage, encoding: ContentCoding | undefined, validator: boolean): HeaderList {
  const coding = encoding ?? 'identity'
  const byCoding = fixedHeaders.get(page) ?? new Map<ContentCoding | 'identity', HeaderList>()
  fixedHeaders.set(page, byCoding)
  let list = byCoding.get(coding)
  if (!list) {
    const stored = new Map(page.headers.map(([name, value]) => [name.toLowerCase(), value]))
    list = page.headers.filter(([name]) => !setPerAnswer.has(name.toLowerCase()))
    list.push(
      ['Cache-Control', cacheControl(page.status, stored.get('cache-control') ?? null)],
      // Cookie: a signed-in visitor gets another page than the shared one.
      ['Vary', withVary(stored.get('vary') ?? null, 'Accept-Encoding', 'Cookie')],
      ['ETag', encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag],
    )
    if (encoding) list.push(['Content-Encoding', encoding])
    byCoding.set(coding, list)
  }
  // A post's answer is not a representation of the page: no validator.
  return validator ? list : list.filter(([name]) => name !== 'ETag')
}

/**
 * Sends a stored or just rendered page: 304 when the browser has it, otherwise the bytes in
 * the best coding the client accepts. srvx's FastResponse writes them straight to the socket;
 * its headers are final (complete-response.ts), so nothing turns them into a `Headers` object.
 */
function deliver(request: Request, page: CachedPage, state: 'HIT' | 'STALE' | 'MISS' | 'BYPASS', requestId: string): Response {
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'), page.encoded)
  const validator = page.status === 200 && request.method !== 'POST'
  const headers: HeaderList = [...fixedHeadersOf(page, encoding, validator), ['X-Page-Cache', state], ['X-Request-Id', requestId]]
  // How long ago it was rendered: a CDN counts its own freshness from there, not from now.
  if (state === 'HIT' || state === 'STALE') headers.push(['Age', String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000)))])
  if (validator && matchesEtag(request.headers.get('if-none-match'), page.etag)) {
    // A 304 describes the representation the browser has: no coding or length of a body.
    const notModified = headers.filter(([name]) => name !== 'Content-Encoding')
    return markComplete(new FastResponse(null, { status: 304, headers: notModified }), { cache: state, bytes: undefined })
  }
  const body = (encoding && page.encoded[encoding]) || page.body
  headers.push(['Content-Length', String(body.byteLength)])
  // HEAD: the headers GET would send, Content-Length included, and no body.
  return markComplete(new FastResponse(request.method === 'HEAD' ? null : body, { status: page.status, headers }), {
    cache: state,
    bytes: body.byteLength,
  })
}

interface Rendered {
  response: Response
  /** The marker the router stamped on the scripts it emitted. */
  marker: string
  /** The whole HTML as its bytes (page-bytes.ts), for an HTML answer (the render streams into it: done once it is read). */
  html: string | undefined
}

/** Renders with a fresh script marker and reads the HTML through. */
async function renderWithMarker(request: Request, render: Render): Promise<Rendered> {
  const marker = createRenderMarker()
  const endTimer = pageRenderDuration.startTimer()
  try {
    const response = await render(request, marker)
    const html = response.headers.get('content-type')?.startsWith('text/html')
      ? deferClientEntry(htmlOfBytes(new Uint8Array(await response.arrayBuffer())), marker)
      : undefined
    return { response, marker, html }
  } finally {
    endTimer()
  }
}

/** A rendered HTML response as a page: its scripts' hashes in the policy, its security headers, compressed. */
async function toPage({ response, marker }: Rendered, html: string, codings?: ReadonlyArray<ContentCoding>): Promise<CachedPage> {
  const headers = new Headers(storableHeaders(response.headers))
  for (const [name, value] of Object.entries(securityHeaders(getRuntimeConfig(), inlineScriptHashes(html, marker))))
    headers.set(name, value)
  return renderedPage(bytesOfHtml(html), response.status, [...headers], codings)
}

function isStorable(request: Request, response: Response): boolean {
  return (
    request.method === 'GET' &&
    response.status === 200 &&
    !response.headers.has('set-cookie') &&
    !/private|no-store/.test(response.headers.get('cache-control') ?? '')
  )
}

/** How long a client past its share of the render slots waits for its 429 (render-slots.ts). */
const refusalDelayMs = 1000

function renderSlots(): RenderSlots {
  slots ??= new RenderSlots(getRuntimeConfig().RENDER_CONCURRENCY, 1000, refusalDelayMs)
  return slots
}

/** Renders running and requests waiting for a slot (metrics). */
export function renderSlotUsage(): { running: number; waiting: number } {
  return { running: slots?.running ?? 0, waiting: slots?.waiting ?? 0 }
}

/**
 * A render slot until `deadline` aborts (the deadline passed: the page was answered with a 503;
 * or the visitor hung up): then the slot goes to the next in line, whatever the render still
 * waits for. With a `client`, that client's share of the slots (render-slots.ts): 'busy' past it.
 * Undefined when the line is full or it aborted while waiting.
 */
async function slotBefore(deadline: AbortSignal, client?: string): Promise<(() => void) | 'busy' | undefined> {
  let release: (() => void) | undefined
  if (client === undefined) release = await renderSlots().acquire(deadline)
  else {
    const slot = await renderSlots().acquireFor(client, deadline)
    if ('refused' in slot) return slot.refused === 'busy' ? 'busy' : undefined
    release = slot.release
  }
  if (!release) return undefined
  // Aborted between the slot's grant and now: no event will come, and the request is over.
  if (deadline.aborted) {
    release()
    return undefined
  }
  deadline.addEventListener('abort', release, { once: true })
  return release
}

/** What a template or a background render past its deadline gives: nothing (a render takes over, the stale page stays). */
const noop = () => undefined

/**
 * The answer to a page whose render did not end in time: 503, and a warning line. Not reported
 * as an error: nothing failed yet, and whoever can make pages slow must not page the on-call.
 */
function pastDeadline(url: URL, requestId: string): Promise<Response> {
  const { HANDLER_TIMEOUT_MS } = getRuntimeConfig()
  logger.warn(
    { reqId: requestId, path: url.pathname },
    `[render] no page within ${HANDLER_TIMEOUT_MS} ms: answered 503, render slot given back`,
  )
  renderRefusals.inc({ slots: 'page', reason: 'deadline' })
  return pageRefusal(503, url, { 'Retry-After': '5' })
}

/**
 * Serves a page request (GET or HEAD): cached when it can be, otherwise rendered by `render`
 * within a render slot. A form post (the contact form without JavaScript) is rendered the same
 * way and never cached.
 */
export async function deliverPage(sent: Request, url: URL, render: Render, requestId: string, client: () => string): Promise<Response> {
  const request = await asSignedInOrAnonymous(sent, client)
  const cache = getPageCache()
  const entry = cache ? cacheEntry(request, url) : undefined
  const key = entry?.key

  const fromCache = (): Response | undefined => {
    const hit = cache && key ? cache.get(key) : undefined
    if (!cache || !key || !hit) return undefined
    if (hit.freshness === 'stale') {
      const headers = new Headers(request.headers)
      headers.delete('if-none-match')
      const pageUrl = entry?.request.url ?? request.url
      cache.revalidate(key, () =>
        withDeadline(
          getRuntimeConfig().HANDLER_TIMEOUT_MS,
          // Stopped at its deadline; not on the visitor's hanging up (it is for later visitors).
          (deadline) => revalidate(new Request(pageUrl, { headers, signal: deadline }), key, render, deadline),
          noop,
        ),
      )
    }
    return deliver(request, hit.page, hit.freshness === 'fresh' ? 'HIT' : 'STALE', requestId)
  }
  const cached = fromCache()
  if (cached) return cached
  return withDeadline(
    getRuntimeConfig().HANDLER_TIMEOUT_MS,
    (deadline) => renderedAnswer(request, url, render, requestId, { cache, entry, fromCache, client }, deadline),
    () => pastDeadline(url, requestId),
  )
}

/** What a page that is not in the cache needs from deliverPage. */
interface Uncached {
  cache: PageCache | undefined
  entry: CacheEntry | undefined
  fromCache: () => Response | undefined
  /** The visitor's address (client-ip.server.ts), worked out only when a render needs it. */
  client: () => string
}

/** A page request the cache could not answer: the 404 template, or a render in a slot, before `deadline`. */
async function renderedAnswer(
  request: Request,
  url: URL,
  render: Render,
  requestId: string,
  { cache, entry, fromCache, client }: Uncached,
  deadline: AbortSignal,
): Promise<Response> {
  const key = entry?.key
  // The render stops at the deadline or when the visitor hangs up (Start aborts React's render and
  // stops waiting for the router on its request's signal): a render past its deadline does not
  // run on beside the one its slot goes to. Pages render as GET; HEAD sends the same headers without the body.
  const stop = AbortSignal.any([deadline, request.signal])
  const asRendered = (sent: Request) => requestWithSignal(sent, stop, request.method === 'HEAD' ? 'GET' : request.method)
  if (cache && key) {
    const shell = await fromNotFoundShell(request, url, render, requestId, cache)
    if (shell) return shell
  }

  // A path the canonical-paths middleware answers with a 301 before any routing (`/nl/x`, `/x/`,
  // an old or renamed path: decidePath) renders nothing, so it does not wait in the render line:
  // there it waited for other visitors' pages, and a flood of such paths took the slots. Unless
  // where it goes is a news item the CMS is asked about: that waits its turn like a page (ADR 045).
  // Its query goes along as sent.
  if (decidePath(url, pathCodec).kind === 'redirect') return render(asRendered(request), createRenderMarker())

  // A visitor who hangs up leaves the line too, and frees the slot (Start stops waiting then). One
  // client flooding renders is turned away past its share of the slots (429), so the others' renders still get theirs.
  // A form post (the contact form without JavaScript) just waits its turn: a refusal would lose the
  // typed message, and the contact rate limit bounds posts already.
  const share = request.method === 'POST' ? undefined : rateLimitKey(client())
  const release = await slotBefore(stop, share)
  if (release === 'busy') {
    renderRefusals.inc({ slots: 'page', reason: 'busy' })
    return pageRefusal(429, url, { 'Retry-After': '5' })
  }
  if (!release) {
    request.signal.throwIfAborted()
    // Past the deadline, pastDeadline has answered (and counted) already.
    if (!deadline.aborted) renderRefusals.inc({ slots: 'page', reason: 'full' })
    return pageRefusal(503, url, { 'Retry-After': '5' })
  }
  try {
    // While this request waited for its turn, another may have rendered and stored the page.
    const cachedMeanwhile = fromCache()
    if (cachedMeanwhile) return cachedMeanwhile
    const generation = cache?.generation
    // The page as its cache entry holds it (without the parameters it does not read).
    const renderRequest = asRendered(entry?.request ?? request)
    // Reading, hashing and compressing run inside the slot too: at most RENDER_CONCURRENCY at once.
    const rendered = await renderWithMarker(renderRequest, render)
    const { response, html } = rendered
    if (html === undefined) return withSharedRedirectCaching(url, withDroppedParams(url, response, entry?.dropped ?? []))
    if (cache && key && isStorable(renderRequest, response)) {
      return deliver(request, cache.set(key, await toPage(rendered, html), generation), 'MISS', requestId)
    }
    const coding = negotiateEncoding(request.headers.get('accept-encoding'), { br: true, gzip: true })
    const answer = deliver(request, await toPage(rendered, html, coding ? [coding] : []), 'BYPASS', requestId)
    // Drafts must not stay in a browser's or a proxy's cache once the preview ends.
    const cookies = request.headers.get('cookie')
    if (hasSignedPreviewCookie(cookies)) {
      answer.headers.set('Cache-Control', 'private, no-store')
      answer.headers.set('X-Robots-Tag', 'noindex')
      // The admin's preview pane shows the page in a frame of /admin (ADR 099): this origin may frame a preview, no other.
      const policy = answer.headers.get('Content-Security-Policy')
      if (policy) answer.headers.set('Content-Security-Policy', policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
      answer.headers.set('X-Frame-Options', 'SAMEORIGIN')
      // A preview that was left: the cookie goes, and the next page comes from the shared cache.
      if (await hasRevokedPreviewCookie(cookies)) answer.headers.append('Set-Cookie', clearedPreviewCookie())
    }
    // A page sent once may set cookies (they are never stored with a shared page).
    for (const cookie of response.headers.getSetCookie()) answer.headers.append('Set-Cookie', cookie)
    return answer
  } finally {
    release()
  }
}

/**
 * The request as it is when its auth cookie holds a token the CMS knows (or it has none);
 * otherwise as an anonymous visitor's, without the auth cookie: the shared page, from the cache
 * or rendered and stored (signed-in.server.ts). A form post is left as it is (never cached).
 */
async function asSignedInOrAnonymous(request: Request, client: () => string): Promise<Request> {
  const cookies = request.headers.get('cookie')
  if (cookies === null || !mayBeSignedIn(cookies) || (request.method !== 'GET' && request.method !== 'HEAD')) return request
  if (await isSignedIn(cookies, rateLimitKey(client()))) return request
  const headers = new Headers(request.headers)
  const kept = withoutAuthCookie(cookies)
  if (kept === null) headers.delete('cookie')
  else headers.set('cookie', kept)
  return new Request(request.url, { method: request.method, headers, signal: request.signal })
}

/**
 * A page, news item or location that does not exist, answered from its route's 404 template in
 * its language with the path filled in (ADR 021): a flood of random paths costs about what
 * page-cache hits cost, not renders. Undefined when the path is not one for a template
 * (not-found-shell.server.ts): it renders.
 */
async function fromNotFoundShell(
  request: Request,
  url: URL,
  render: Render,
  requestId: string,
  cache: PageCache,
): Promise<Response | undefined> {
  const missing = await missingPage(url)
  if (!missing) return undefined
  const key = `${url.origin} ${missing.locale} ${missing.route}${missing.query ? ' ?' : ''}`
  const template = await shellTemplateFor(key, cache.generation, getRuntimeConfig().PAGE_CACHE_TTL * 1000, () =>
    withDeadline(getRuntimeConfig().HANDLER_TIMEOUT_MS, (deadline) => makeShellTemplate(url.origin, missing, render, deadline), noop),
  )
  if (!template) return undefined
  const coding = negotiateEncoding(request.headers.get('accept-encoding'), { gzip: true }) ?? 'identity'
  const { body, headers } = fillShell(template, missing.splat, coding === 'gzip' ? 'gzip' : 'identity')
  const list: HeaderList = [...headers, ['X-Page-Cache', 'SHELL'], ['X-Request-Id', requestId], ['Content-Length', String(body.byteLength)]]
  if (coding === 'gzip') list.push(['Content-Encoding', 'gzip'])
  return markComplete(new FastResponse(request.method === 'HEAD' ? null : body, { status: template.status, headers: list }), {
    cache: 'SHELL',
    bytes: body.byteLength,
  })
}

/** What comes between the language and the probe's token in each route's probe path. */
const probePaths: Record<MissingPage['route'], string> = {
  page: '',
  news: `${internalSegment.news}/`,
  location: `${internalSegment.locations}/`,
}

/**
 * Renders the 404 page of a route in a language for a random probe path (with a query when the
 * request has one) and makes it a template, in a render slot.
 */
async function makeShellTemplate(
  origin: string,
  { locale, route, query }: MissingPage,
  render: Render,
  deadline: AbortSignal,
): Promise<ShellTemplate | undefined> {
  // No client's share here: a template serves every visitor.
  const release = await slotBefore(deadline)
  if (!release || release === 'busy') return undefined
  try {
    // Lower-case words and dashes: a path of the same shape as a missing location's or news item's;
    // pages and news items end in a letter the router writes encoded in links and decoded in its
    // state, so the template knows which form each place takes.
    const name = `not-found-probe-${randomBytes(6).toString('hex')}${route === 'location' ? '' : '-é'}`
    const token = { encoded: encodeURIComponent(name), decoded: name }
    const probe = new URL(pathCodec.toPublic(`/${locale}/${probePaths[route]}${token.encoded}`), origin)
    if (query) probe.search = '?probe'
    // Stopped at the deadline (not run on beside the render its slot goes to).
    const rendered = await renderWithMarker(new Request(probe, { headers: { accept: 'text/html' }, signal: deadline }), render)
    const { response, html, marker } = rendered
    if (response.status !== 404 || html === undefined) return undefined
    // The answer's headers as a stored page's (policy, security headers, Cache-Control, Vary), without a validator.
    const headers = fixedHeadersOf(await toPage(rendered, html, []), undefined, false)
    return shellTemplate(html, response.status, headers, token, inlineScriptTexts(html, marker))
  } finally {
    release()
  }
}

/**
 * A background re-render of a stale page, in a free render slot or not at all (a flood of
 * stale pages must not run more renders at once than visitors can). Stored when it is still
 * a shareable 200; a page that is gone now (404, 410, a redirect) leaves the cache.
 */
async function revalidate(request: Request, key: string, render: Render, deadline: AbortSignal): Promise<void> {
  const release = renderSlots().tryAcquire()
  if (!release) return
  deadline.addEventListener('abort', release, { once: true })
  try {
    const cache = getPageCache()
    const generation = cache?.generation
    const rendered = await renderWithMarker(request, render)
    const { response, html } = rendered
    if (response.status === 404 || response.status === 410 || (response.status >= 300 && response.status < 400)) {
      cache?.delete(key)
      return
    }
    if (cache && html !== undefined && isStorable(request, response)) cache.set(key, await toPage(rendered, html), generation)
  } finally {
    release()
  }
}
