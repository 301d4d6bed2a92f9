/**
 * Rich text (Markdown) cut into what a translator translates one at a time, as po4a does: a
 * paragraph, a heading's text, a list item's text. What is structure (the `## ` of a heading,
 * a list's `- `, blank lines, an HTML heading's tags) stays out of the msgid, so a translation
 * cannot change it; inline markup (`**bold**`, `[a link](/contact)`) stays in, as Markdown.
 */

export type Piece = { text: string; translatable: false } | { text: string; translatable: true }

const headingLine = /^(#{1,6}[ \t]+)(.*?)([ \t]*)$/
const htmlHeadingLine = /^([ \t]*<h[1-6][^>]*>)(.*)(<\/h[1-6]>[ \t]*)$/
const listItemLine = /^([ \t]*(?:[-*+]|\d+[.)])[ \t]+)(.*)$/

/** The pieces of a Markdown text; joined they give the text back exactly. */
export function markdownPieces(markdown: string): Piece[] {
  const pieces: Piece[] = []
  const fixed = (text: string) => {
    const last = pieces.at(-1)
    if (last && !last.translatable) last.text += text
    else if (text) pieces.push({ text, translatable: false })
  }
  const translatable = (text: string) => {
    if (text.trim() === '') fixed(text)
    else pieces.push({ text, translatable: true })
  }
  const lines = markdown.split('\n')
  let paragraph: string[] = []
  const flush = () => {
    if (paragraph.length > 0) translatable(paragraph.join('\n'))
    paragraph = []
  }
  lines.forEach((line, index) => {
    const newline = index > 0 ? '\n' : ''
    const heading = headingLine.exec(line) ?? htmlHeadingLine.exec(line)
    const item = listItemLine.exec(line)
    if (line.trim() === '') {
      flush()
      fixed(newline + line)
    } else if (heading) {
      flush()
      fixed(newline + (heading[1] ?? ''))
      translatable(heading[2] ?? '')
      fixed(heading[3] ?? '')
    } else if (item) {
      flush()
      fixed(newline + (item[1] ?? ''))
      paragraph = [item[2] ?? '']
    } else if (paragraph.length > 0) {
      // A paragraph's next line, or a list item's continuation: one text either way.
      paragraph.push(line)
    } else {
      fixed(newline)
      paragraph = [line]
    }
  })
  flush()
  return pieces
}

/** The translatable texts of a Markdown text, in order. */
export function markdownSegments(markdown: string): string[] {
  return markdownPieces(markdown)
    .filter((piece) => piece.translatable)
    .map((piece) => piece.text)
}

/** `pieces` with their translatable texts replaced by `translations` (in order). */
export function joinPieces(pieces: Piece[], translations: string[]): string {
  let at = 0
  return pieces.map((piece) => (piece.translatable ? (translations[at++] ?? piece.text) : piece.text)).join('')
}
