// The JS a page loads before anything else, measured the same way by `npm run bench` and the
// budget check in `npm test` (tests/e2e/budgets.spec.ts).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

function attribute(tag, name) {
  return new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined)
}

/** gzip -9 and brotli (quality 11) sizes of some bytes: what a CDN or the server sends. */
export function compressedSizes(bytes) {
  return {
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }
}

/**
 * A page's initial JS: its <script src> and <link rel="modulepreload"> (same origin), or what the
 * entry loader's data-entry and data-preloads name, plus
 * whatever those import statically (normally all preloaded already), each counted once.
 * Chunks loaded later (`import(…)`: deferred blocks, the map, locale catalogs) are not.
 * `getBytes(url)` fetches a file's uncompressed bytes; `cache` (url → sizes) spares refetching
 * the chunks pages share. Inline scripts are counted apart.
 */
export async function initialJs(pageUrl, pageHtml, getBytes, cache = new Map()) {
  const origin = new URL(pageUrl).origin
  const queue = []
  const add = (href, from) => {
    if (!href) return
    const url = new URL(href.replaceAll('&amp;', '&'), from)
    if (url.origin === origin && !queue.includes(url.href)) queue.push(url.href)
  }
  for (const [tag] of pageHtml.matchAll(/<script\b[^>]*>/gi)) {
    add(attribute(tag, 'src'), pageUrl)
    // The entry loader (app/server/pages/deferred-entry.ts) names the entry and the preloads it adds after the first frame.
    add(attribute(tag, 'data-entry'), pageUrl)
    for (const href of (attribute(tag, 'data-preloads') ?? '').split(' ')) add(href, pageUrl)
  }
  for (const [tag] of pageHtml.matchAll(/<link\b[^>]*>/gi)) {
    if ((attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/).includes('modulepreload')) add(attribute(tag, 'href'), pageUrl)
  }
  const fromHtml = queue.length
  for (let i = 0; i < queue.length; i++) {
    const url = queue[i]
    if (!cache.has(url)) {
      const body = await getBytes(url)
      cache.set(url, { raw: body.length, ...compressedSizes(body), text: body.toString() })
    }
    // Static imports only (`import(…)` is dynamic, loaded later).
    for (const [, spec] of cache.get(url).text.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([./][^"']*\.m?js)["']/g)) add(spec, url)
  }
  let inline = ''
  for (const [, attrs, body] of pageHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = attribute(attrs, 'type')
    if (!attribute(attrs, 'src') && (!type || /module|javascript/i.test(type))) inline += body
  }
  const files = queue.map((url) => ({ url: url.slice(origin.length), ...cache.get(url), text: undefined }))
  const sum = (key) => files.reduce((total, file) => total + file[key], 0)
  return {
    files: files.length,
    filesFromHtml: fromHtml,
    rawBytes: sum('raw'),
    gzipBytes: sum('gzip'),
    brotliBytes: sum('brotli'),
    inlineGzipBytes: inline ? gzipSync(inline, { level: 9 }).length : 0,
    hasMap: files.some((f) => /leaflet|LocationsMap/i.test(f.url)),
    fileList: files.map(({ url, raw, gzip, brotli }) => ({ url, raw, gzip, brotli })),
  }
}
