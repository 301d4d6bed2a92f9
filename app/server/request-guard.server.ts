import { reservedFirstSegments } from '../i18n/paths'

/**
 * What a request may be before anything renders or reads its body: a known method for its
 * kind of path, a bounded body, a sane URL. Answers are short, plain and uncacheable.
 */

/** Longest URL served; longer ones are refused rather than echoed back in redirects and links. */
export const maxUrlLength = 4096

/** Whether a path is a page (rendered by the router) rather than a server route, function or asset. */
export function isPagePath(pathname: string): boolean {
  return !reservedFirstSegments.has(pathname.split('/', 2)[1] ?? '')
}

/** Body limits by path, in bytes: the largest legitimate body (a contact message, a query) fits with room. */
export function bodyLimitOf(pathname: string): number {
  if (pathname.startsWith('/_serverFn/') || pathname === '/graphql') return 64 * 1024
  return 16 * 1024
}

export function plainResponse(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })
}

export function tooLarge(limit: number): Response {
  return plainResponse(413, `Request body too large (at most ${limit / 1024} KB) / Verzoek te groot`)
}

/** The function id of a `/_serverFn/<id>` path as Start reads it: decoded and trimmed. */
function functionId(pathname: string): string {
  const raw = /^\/_serverFn\/([^/?]*)/.exec(pathname)?.[1] ?? ''
  try {
    return decodeURIComponent(raw).trim()
  } catch {
    return ''
  }
}

/**
 * `/_serverFn/<id>` with an id that can never name a function: empty (`%20` too), or a
 * property every object has (`constructor`, `toString`…), which Start would look up in its
 * function table and then crash on (a 500).
 */
export function isImpossibleFunctionId(pathname: string): boolean {
  if (!pathname.startsWith('/_serverFn/')) return false
  const id = functionId(pathname)
  return !id || id in Object.prototype
}

/** Raised inside a body stream that went past its limit. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
}

/**
 * The request with its body limited to `limit` bytes: refused at once by Content-Length,
 * and counted while streaming (a chunked body has no length to check up front).
 */
export function limitBody(request: Request, limit: number): { request: Request; exceeded: () => boolean } | Response {
  const length = request.headers.get('content-length')
  if (length !== null && (!/^\d{1,15}$/.test(length) || Number(length) > limit)) return tooLarge(limit)
  if (!request.body || length !== null) return { request, exceeded: () => false }
  let seen = 0
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > limit) controller.error(new BodyTooLargeError(`body over ${limit} bytes`))
        else controller.enqueue(chunk)
      },
    }),
  )
  // A streamed request body needs duplex 'half' (fetch spec); the DOM typings lack the field.
  // (srvx's request is not a standard Request: it is rebuilt from its parts.)
  const init: RequestInit & { duplex: 'half' } = { method: request.method, headers: request.headers, body: counted, duplex: 'half', signal: request.signal }
  return { request: new Request(request.url, init), exceeded: () => seen > limit }
}

/** `//evil.example/x` and `///x`: a relative redirect to the one-slash path (never a URL built from Host). */
export function collapsedSlashesRedirect(url: URL): Response | undefined {
  if (!url.pathname.startsWith('//')) return undefined
  return new Response(null, { status: 301, headers: { Location: `/${url.pathname.replace(/^\/+/, '')}${url.search}`, 'Cache-Control': 'no-store' } })
}

/** For a server route's `ANY` handler: the methods it does implement. */
export function methodNotAllowed(allow: string): Response {
  return plainResponse(405, 'Method not allowed / Methode niet toegestaan', { Allow: allow })
}
