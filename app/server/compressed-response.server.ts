import { matchesEtag, negotiateEncoding, pageEtag, renderedPage } from './page-cache'

/**
 * A generated text answer (the sitemap) as pages are sent: a strong ETag with 304 on a
 * matching If-None-Match, and brotli or gzip as the client accepts (the ETag says which,
 * as for pages).
 */
export async function compressedResponse(request: Request, body: string, headers: Record<string, string>): Promise<Response> {
  const bytes = new TextEncoder().encode(body)
  const etag = pageEtag(bytes)
  const out = new Headers(headers)
  out.set('Vary', 'Accept-Encoding')
  const wanted = negotiateEncoding(request.headers.get('accept-encoding'), { br: true, gzip: true })
  // Only the coding this client takes is made (a small body gets none).
  const rendered = await renderedPage(body, 200, [], wanted ? [wanted] : [])
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'), rendered.encoded)
  out.set('ETag', encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag)
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: out })
  const sent = (encoding && rendered.encoded[encoding]) || rendered.body
  if (encoding) out.set('Content-Encoding', encoding)
  out.set('Content-Length', String(sent.byteLength))
  return new Response(request.method === 'HEAD' ? null : sent, { status: 200, headers: out })
}
