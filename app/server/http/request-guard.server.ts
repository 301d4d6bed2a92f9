import { reservedFirstSegments } from '../../i18n/paths'

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

/** The body limit of server functions, GraphQL and the contact form's plain post: a contact message (5,000 characters of any script, percent-encoded) fits with room. */
export const largeBodyLimit = 64 * 1024

/** Body limits by path, in bytes: the largest legitimate body (a contact message, a query) fits with room. */
export function bodyLimitOf(pathname: string): number {
  if (pathname.startsWith('/_serverFn/') || pathname === '/graphql') return largeBodyLimit
  return 16 * 1024
}

export function plainResponse(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })
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

/**
 * Up to this much of a refused body is read and dropped before the 413 goes out. Node closes a
 * connection whose request body was not read; a client still sending then fails its write
 * (EPIPE) and never reads the answer. A bigger body gets its 413 at once and the close.
 */
const lingerBytes = 4 * 1024 * 1024
const lingerMs = 2000

/** Reads and drops the rest of a refused body, up to `lingerBytes` in all and `lingerMs`. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  const timer = setTimeout(() => void reader.cancel().catch(() => undefined), lingerMs)
  let size = alreadyRead
  try {
    for (let read = await reader.read(); !read.done && size <= lingerBytes; read = await reader.read()) size += read.value.byteLength
  } catch {
    // Cancelled by the timer, or the client went away: nothing more to read either way.
  } finally {
    clearTimeout(timer)
    await reader.cancel().catch(() => undefined)
  }
}

/**
 * Reads and drops a request body nothing read (a 405, 404 or 421 answered before it), when it is
 * small enough (`lingerBytes`): the client then reads the answer instead of failing its write.
 */
export async function drainUnreadBody(request: Request): Promise<void> {
  // Headers first: a page request (no body) must not make the server build a body stream.
  const length = request.headers.get('content-length')
  if (length === null && !request.headers.has('transfer-encoding')) return
  if (length !== null && !(/^\d{1,15}$/.test(length) && Number(length) > 0 && Number(length) <= lingerBytes)) return
  if (request.bodyUsed || !request.body) return
  await drain(request.body.getReader(), 0)
}

/**
 * How long a page's plain form post may take to arrive. It is read whole before the page waits
 * for a render slot: a sender trickling its body would otherwise hold one of the few slots (and
 * every page render behind it) until Node's 300 s request timeout.
 */
export const formBodyDeadlineMs = 10_000

/**
 * The request with its body limited to `limit` bytes: refused by Content-Length before reading
 * (the body read and dropped first when it is small enough to, see `lingerBytes`); a body
 * without one (chunked) is read here, at most `limit` bytes of it, and handed on whole.
 * With `readWithinMs`, any body is read here and must arrive in that time (else 408).
 */
export async function limitBody(request: Request, limit: number, readWithinMs?: number): Promise<Request | Response> {
  const length = request.headers.get('content-length')
  if (length !== null) {
    if (!/^\d{1,15}$/.test(length)) return tooLarge(limit)
    if (Number(length) > limit) {
      if (Number(length) <= lingerBytes && request.body) await drain(request.body.getReader(), 0)
      return tooLarge(limit)
    }
    if (readWithinMs === undefined) return request
  }
  if (!request.body) return request
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  let late = false
  // Cancelling ends the pending read as if the body had ended; `late` tells the two apart.
  const timer =
    readWithinMs === undefined
      ? undefined
      : setTimeout(() => {
          late = true
          void reader.cancel().catch(() => undefined)
        }, readWithinMs)
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength
      if (size > limit) {
        clearTimeout(timer)
        await drain(reader, size)
        return tooLarge(limit)
      }
      chunks.push(read.value)
    }
  } finally {
    clearTimeout(timer)
  }
  if (late)
    return plainResponse(
      408,
      'The request took too long to arrive, please send it again. / Het verzoek kwam te traag binnen, verstuur het opnieuw.',
      // The rest of the body may still be on its way: the connection is not used again.
      { Connection: 'close' },
    )
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  // srvx's request is not a standard Request: it is rebuilt from its parts.
  const headers = new Headers(request.headers)
  headers.set('content-length', String(size))
  headers.delete('transfer-encoding')
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal })
}

/** `//evil.example/x` and `///x`: a relative redirect to the one-slash path (never a URL built from Host). */
export function collapsedSlashesRedirect(url: URL): Response | undefined {
  if (!url.pathname.startsWith('//')) return undefined
  return new Response(null, {
    status: 301,
    headers: { Location: `/${url.pathname.replace(/^\/+/, '')}${url.search}`, 'Cache-Control': 'no-store' },
  })
}

/**
 * A path with a `$` in it (`/vestigingen/$x`, `/en/$locale`): the router read `$name` as a
 * parameter of its own route templates and redirected to `/vestigingen/undefined`, or wrote the
 * path into itself (`$_splat`), the Location growing with the square of the segments. No address
 * of the site has a `$`: the same path with it escaped, which then answers as any unknown path.
 */
export function dollarPathRedirect(url: URL): Response | undefined {
  if (!url.pathname.includes('$')) return undefined
  return new Response(null, {
    status: 301,
    headers: { Location: `${url.pathname.replaceAll('$', '%24')}${url.search}`, 'Cache-Control': 'no-store' },
  })
}

/** For a server route's `ANY` handler: the methods it does implement. */
export function methodNotAllowed(allow: string): Response {
  return plainResponse(405, 'Method not allowed / Methode niet toegestaan', { Allow: allow })
}
