import type { Locale } from '../../../app.config'
import { encodedBody, matchesEtag, minCompressBytes, negotiateEncoding, renderedPage, type CachedPage } from './representation'

/** The generated answers: the sitemap (or its index), each language's sitemaps by page, and each language's news feed. */
export type GeneratedKey = 'sitemap' | `sitemap ${Locale} ${number}` | `feed ${Locale}`

/** The last body made under each key, with what it was made from. */
const made = new Map<GeneratedKey, { sources: Readonly<Record<string, unknown>>; body: Promise<CachedPage> }>()

function sameSources(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const names = Object.keys(a)
  return names.length === Object.keys(b).length && names.every((name) => Object.hasOwn(b, name) && a[name] === b[name])
}

/**
 * A generated text answer (the sitemap, a news feed) as fixed bytes, made again only when one
 * of its sources changed: the CMS cache hands out the same answer objects until it refreshes
 * them, and the runtime config is one object. `make` gets the sources it is compared on, so
 * whatever it reads is part of the comparison. Crawlers and feed readers poll: a poll costs the
 * CMS cache reads and an ETag comparison, not a rebuild (ADR 019).
 */
export function generatedBody<S extends Readonly<Record<string, unknown>>>(
  key: GeneratedKey,
  sources: S,
  make: (sources: S) => string | Promise<string>,
): Promise<CachedPage> {
  const last = made.get(key)
  if (last && sameSources(last.sources, sources)) return last.body
  const body = (async () => renderedPage(await make(sources), 200, [], []))()
  made.set(key, { sources, body })
  // A failure is not kept: the next request tries again.
  body.catch(() => {
    if (made.get(key)?.body === body) made.delete(key)
  })
  return body
}

/**
 * A generated answer sent as pages are: a strong ETag with 304 on a matching If-None-Match
 * (before any other work), and brotli or gzip as the client accepts (the ETag says which, as for
 * pages). A coding is made when a client first takes it and kept with the body (requests
 * arriving together may each make it once).
 */
export async function compressedResponse(request: Request, page: CachedPage, headers: Record<string, string>): Promise<Response> {
  const out = new Headers(headers)
  out.set('Vary', 'Accept-Encoding')
  const encoding =
    page.body.byteLength >= minCompressBytes
      ? negotiateEncoding(request.headers.get('accept-encoding'), { br: true, gzip: true })
      : undefined
  out.set('ETag', encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag)
  if (matchesEtag(request.headers.get('if-none-match'), page.etag)) return new Response(null, { status: 304, headers: out })
  const sent = encoding ? (page.encoded[encoding] ??= await encodedBody(page.body, encoding)) : page.body
  if (encoding) out.set('Content-Encoding', encoding)
  out.set('Content-Length', String(sent.byteLength))
  return new Response(request.method === 'HEAD' ? null : sent, { status: 200, headers: out })
}
