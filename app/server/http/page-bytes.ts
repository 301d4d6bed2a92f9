/**
 * The server holds a rendered page's HTML as its UTF-8 bytes read one byte per character
 * (Latin-1), not as decoded text (ADR 023). Decoding makes a string of two bytes per character
 * as soon as one character is beyond U+00FF (an en dash, an arrow), and that decoding and the
 * copies after it were a third of an uncached home page's CPU on the bench machine. Everything
 * the server does to a page looks for ASCII (script tags, the marker, the entry script, the 404
 * probe), which reads the same in both forms, and the bytes come back without encoding.
 */

/** A page's HTML from its UTF-8 bytes, one character per byte. */
export function htmlOfBytes(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
}

/** The UTF-8 bytes of a page's HTML (or any part of it) held as `htmlOfBytes` gives it. */
export function bytesOfHtml(html: string): Buffer<ArrayBuffer> {
  return Buffer.from(html, 'latin1')
}

/** Ordinary text as page HTML is held (tests build their pages with it). */
export function htmlOfText(text: string): string {
  return htmlOfBytes(Buffer.from(text))
}
