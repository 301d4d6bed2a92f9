import { encodedBody, matchesEtag, minCompressBytes, negotiateEncoding, renderedPage, type CachedPage } from './page-cache'

/** The last body made under each key, with what it was made from. */
const made = new Map<string, { from: ReadonlyArray<unknown>; body: Promise<CachedPage> }>()

/**
 * A generated text answer (the sitemap, a news feed) as fixed bytes, made again only when what
 * it is made from changed: the CMS cache hands out the same answer objects until it refreshes
 * them, and the runtime config is one object. Crawlers and feed readers poll, so a poll costs
 * the CMS cache reads and an ETag comparison, not a rebuild (the sitemap took ~10 ms). `key`
 * comes from a fixed set (one per answer and language).
 */
export function generatedBody(key: string, from: ReadonlyArray<unknown>, make: () => string): Promise<CachedPage> {
  const last = made.get(key)
  if (last && last.from.length === from.length && last.from.every((value, i) => value === from[i])) return last.body
  const body = renderedPage(make(), 200, [], [])
  made.set(key, { from, body })
  return body
}

/**
 * A generated answer sent as pages are: a strong ETag with 304 on a matching If-None-Match
 * (before any other work), and brotli or gzip as the client accepts (the ETag says which, as for
 * pages), each coding made once per body, when a client first takes it.
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
