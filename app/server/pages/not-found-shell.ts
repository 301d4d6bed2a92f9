import { createHash } from 'node:crypto'
import { constants as zlib, crc32, deflateRawSync } from 'node:zlib'
import { bytesOfHtml, htmlOfText } from '../http/page-bytes'
import { scriptSource } from '../http/security-headers'

/**
 * The 404 page as a template: rendered once for a probe path, then filled in with each
 * request's path (ADR 021). A flood of random paths is the cheapest attack on a site that
 * renders its 404 page: this way each costs a string join, one hash and a checksum, not a render.
 *
 * The router writes the path in three forms: percent-encoded (links, the title and, with `#` for
 * `/`, a match id) and decoded (the page query's key, in the router's state). Only paths whose
 * decoded characters read the same in JavaScript and JSON strings, and whose encoded form needs
 * no HTML escaping, are filled in (`shellPathOf`), so filling needs no escaping.
 */

/** A path in the forms the router writes it. */
export interface ShellPath {
  /** Each segment as encodeURIComponent writes it (`caf%C3%A9`, `a~b`, `a%3Ab`): the router's own spelling. */
  encoded: string
  /** Each segment decoded (`café`), as the router's params and the page query's key hold it. */
  decoded: string
}

/**
 * A decoded segment's characters: letters, marks and digits of any script and ASCII punctuation
 * that no string or HTML escaping touches (`'` is HTML-escaped, `"`, `\`, `<`, `>` are escaped in
 * scripts, `%`, `/`, `?`, `#` and spaces change what the path is).
 */
const shellSegment = /^[\p{L}\p{M}\p{N}._~!*()\-:@,;=+&]+$/u

/**
 * The path in the router's forms when it can be filled into a 404 template: segments of the
 * characters above, at most 512 characters encoded, written as the router writes it (escapes
 * in either case of hex digits); null for anything else (it renders).
 */
export function shellPathOf(pathname: string): ShellPath | null {
  if (pathname.length > 512 || !pathname.startsWith('/')) return null
  const encoded: string[] = []
  const decoded: string[] = []
  for (const raw of pathname.slice(1).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return null
    }
    if (!shellSegment.test(segment)) return null
    const spelled = encodeURIComponent(segment)
    // Another spelling of the segment (`%7E` for `~`, `%61` for `a`): the router may read it otherwise.
    if (raw.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase()) !== spelled) return null
    encoded.push(spelled)
    decoded.push(segment)
  }
  return { encoded: `/${encoded.join('/')}`, decoded: `/${decoded.join('/')}` }
}

/** How one place in the page writes the path. */
type Form = 'path' | 'id' | 'decoded'

/** A text cut where the probe's path stood: parts[0] gap[0] parts[1] … parts[n]. */
interface Cut {
  parts: string[]
  forms: Form[]
}

/** Cuts where the probe's token stood, encoded or (when it reads otherwise) decoded. */
function cut(text: string, token: ShellPath): Cut {
  const parts: string[] = []
  const forms: Form[] = []
  let from = 0
  for (;;) {
    const encodedAt = text.indexOf(token.encoded, from)
    const decodedAt = token.decoded === token.encoded ? -1 : text.indexOf(token.decoded, from)
    if (encodedAt === -1 && decodedAt === -1) break
    const isDecoded = encodedAt === -1 || (decodedAt !== -1 && decodedAt < encodedAt)
    const at = isDecoded ? decodedAt : encodedAt
    const piece = text.slice(from, at)
    parts.push(piece)
    forms.push(isDecoded ? 'decoded' : piece.endsWith('#') ? 'id' : 'path')
    from = at + (isDecoded ? token.decoded : token.encoded).length
  }
  parts.push(text.slice(from))
  return { parts, forms }
}

/** A cut's pieces as bytes with the gaps filled in, in order: what a body or a hash is made of. */
function filledPieces(bytes: ReadonlyArray<Buffer>, gaps: ReadonlyArray<Buffer>): Buffer[] {
  const pieces: Buffer[] = []
  bytes.forEach((piece, index) => {
    pieces.push(piece)
    const gap = gaps[index]
    if (gap) pieces.push(gap)
  })
  return pieces
}

/** A deflate stream's piece that ends on a byte boundary with the window reset, so pieces can be joined. */
function deflatePiece(text: string, last: boolean): Buffer {
  return deflateRawSync(bytesOfHtml(text), { level: 6, finishFlush: last ? zlib.Z_FINISH : zlib.Z_FULL_FLUSH })
}

/** A stored (uncompressed) deflate block, not the last: header byte, length, its complement, the bytes. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5)
  header.writeUInt16LE(bytes.length, 1)
  header.writeUInt16LE(~bytes.length & 0xffff, 3)
  return Buffer.concat([header, bytes])
}

function bytesOf({ parts, forms }: Cut): { forms: Form[]; bytes: Buffer[] } {
  return { forms, bytes: parts.map(bytesOfHtml) }
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

export interface ShellTemplate {
  status: number
  /** The rendered 404's headers; the policy names the probe's hash of `script` (replaced per path). */
  headers: Array<[string, string]>
  /** How each gap of the page writes the path. */
  forms: Form[]
  /** Each piece of the page around the gaps in bytes (for the checksum) and as a joinable deflate piece. */
  bytes: Buffer[]
  deflated: Buffer[]
  /** The one inline script that holds the path (the router's state), cut the same way (in bytes), and its hash in the probe. */
  script: { forms: Form[]; bytes: Buffer[] } | undefined
  probeScriptHash: string | undefined
}

export interface FilledShell {
  body: Buffer<ArrayBuffer>
  headers: Array<[string, string]>
}

/**
 * The template of a rendered 404 page for the probe path `/…/{token}`: `token` is the probe's
 * last segment(s) in both forms (with a character that reads otherwise encoded, so the forms
 * can be told apart), what a request's path fills in. `scripts` are the texts of the page's inline
 * scripts whose hashes are in its policy. The page and scripts are held as bytes (page-bytes.ts).
 */
export function shellTemplate(
  html: string,
  status: number,
  headers: Array<[string, string]>,
  token: ShellPath,
  scripts: ReadonlyArray<string>,
): ShellTemplate {
  // Looked for as the page is held, its UTF-8 bytes one per character (page-bytes.ts).
  const probe = { encoded: token.encoded, decoded: htmlOfText(token.decoded) }
  const variable = scripts.filter((text) => text.includes(probe.encoded) || text.includes(probe.decoded))
  if (variable.length > 1) throw new Error('the 404 page has more than one script with the path in it')
  const [script] = variable
  const page = cut(html, probe)
  return {
    status,
    headers,
    forms: page.forms,
    bytes: page.parts.map(bytesOfHtml),
    deflated: page.parts.map((part, index) => deflatePiece(part, index === page.parts.length - 1)),
    script: script === undefined ? undefined : bytesOf(cut(script, probe)),
    probeScriptHash: script === undefined ? undefined : scriptSource(script),
  }
}

/**
 * The 404 page for `splat` (the path after the language, without its first slash: `foo/bar`, in
 * both forms), as is or gzipped, with the policy naming the filled script's hash. The gzip body joins the
 * pieces compressed with the template and the path in stored blocks: no compression per request.
 */
export function fillShell(template: ShellTemplate, splat: ShellPath, coding: 'gzip' | 'identity'): FilledShell {
  const fills: Record<Form, Buffer> = {
    path: Buffer.from(splat.encoded),
    id: Buffer.from(splat.encoded.replaceAll('/', '#')),
    decoded: Buffer.from(splat.decoded),
  }
  let headers = template.headers
  if (template.script && template.probeScriptHash) {
    const hash = createHash('sha256')
    for (const piece of filledPieces(
      template.script.bytes,
      template.script.forms.map((form) => fills[form]),
    ))
      hash.update(piece)
    const from = template.probeScriptHash
    const to = `'sha256-${hash.digest('base64')}'`
    headers = headers.map(([name, value]) => [name, name.toLowerCase() === 'content-security-policy' ? value.replace(from, to) : value])
  }
  const gaps = template.forms.map((form) => fills[form])
  if (coding === 'identity') return { body: Buffer.concat(filledPieces(template.bytes, gaps)), headers }

  const pieces: Buffer[] = [gzipHeader]
  let checksum = 0
  let length = 0
  template.bytes.forEach((bytes, index) => {
    checksum = crc32(bytes, checksum)
    length += bytes.length
    pieces.push(template.deflated[index] ?? Buffer.alloc(0))
    const gap = gaps[index]
    if (gap) {
      checksum = crc32(gap, checksum)
      length += gap.length
      pieces.push(storedBlock(gap))
    }
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(checksum >>> 0, 0)
  trailer.writeUInt32LE(length >>> 0, 4)
  pieces.push(trailer)
  return { body: Buffer.concat(pieces), headers }
}
