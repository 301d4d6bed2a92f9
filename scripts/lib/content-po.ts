/**
 * The content catalogs (`app/locales/<lang>/content.po`) read and written as gettext PO. Not
 * through Lingui: these entries are keyed by msgctxt, carry comments Lingui would drop and are
 * never compiled into the site. Reads what gettext tools write too (msgcat's wrapped strings,
 * `#|` previous msgids, obsolete `#~` entries, which are skipped).
 */

export interface PoEntry {
  /** The stable key of the text: `pages/about:elements[about-hero].subtitle`. */
  context: string
  /** The Dutch text the translation is made from. */
  id: string
  translation: string
  fuzzy: boolean
  /** `#|` previous Dutch of a fuzzy entry. */
  previousId?: string
  /** `#.` lines: the hint and the `was:` hash. */
  comments: string[]
  /** `#:` places (`content/pages/about.yaml:20`). */
  references: string[]
  /** Line of the msgstr in the file (1-based), when read from a file. */
  line?: number
}

export interface PoFile {
  headers: Array<[string, string]>
  /** `#` lines above the header. */
  headerComments: string[]
  entries: PoEntry[]
}

function unquote(text: string, file: string, line: number): string {
  const match = /^"((?:[^"\\]|\\.)*)"$/.exec(text.trim())
  if (!match) throw new Error(`${file}:${line}: not a quoted PO string: ${text}`)
  return (match[1] ?? '').replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' })[c] ?? c)
}

const quote = (text: string): string =>
  `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\t/g, '\\t').replace(/\r/g, '\\r').replace(/\n/g, '\\n')}"`

/** A string as a PO keyword's value: one line, or `""` and a line per `\n` as gettext writes long texts. */
function field(keyword: string, text: string, prefix = ''): string[] {
  if (!text.includes('\n') || text.indexOf('\n') === text.length - 1) return [`${prefix}${keyword} ${quote(text)}`]
  const parts = text.split(/(?<=\n)/)
  return [`${prefix}${keyword} ""`, ...parts.map((part) => `${prefix}${quote(part)}`)]
}

export function parsePo(content: string, file = 'content.po'): PoFile {
  const result: PoFile = { headers: [], headerComments: [], entries: [] }
  const blocks: Array<Array<{ text: string; line: number }>> = []
  let current: Array<{ text: string; line: number }> = []
  content.split(/\r?\n/).forEach((text, index) => {
    if (text.trim() === '') {
      if (current.length > 0) blocks.push(current)
      current = []
    } else current.push({ text, line: index + 1 })
  })
  if (current.length > 0) blocks.push(current)

  for (const block of blocks) {
    // Comments alone: the catalog's opening lines, or an obsolete entry (`#~`), which is dropped.
    if (block.every((l) => l.text.startsWith('#'))) {
      if (!block.some((l) => l.text.startsWith('#~')) && result.entries.length === 0 && result.headers.length === 0)
        result.headerComments.push(...block.map((l) => l.text.replace(/^# ?/, '')))
      continue
    }
    const values: Record<string, string> = {}
    const previous: Record<string, string> = {}
    const entry: PoEntry = { context: '', id: '', translation: '', fuzzy: false, comments: [], references: [] }
    const headerComments: string[] = []
    let last: { into: Record<string, string>; key: string } | undefined
    let hasContext = false
    for (const { text, line } of block) {
      if (text.startsWith('#~')) {
        last = undefined
        continue
      }
      if (text.startsWith('#|')) {
        const rest = text.slice(2).trim()
        const keyword = /^(msgctxt|msgid)\s+(.*)$/.exec(rest)
        if (keyword?.[1] && keyword[2] !== undefined) {
          previous[keyword[1]] = unquote(keyword[2], file, line)
          last = { into: previous, key: keyword[1] }
        } else if (last?.into === previous) previous[last.key] += unquote(rest, file, line)
        continue
      }
      if (text.startsWith('#.')) entry.comments.push(text.slice(2).trim())
      else if (text.startsWith('#:')) entry.references.push(...text.slice(2).trim().split(/\s+/).filter(Boolean))
      else if (text.startsWith('#,'))
        entry.fuzzy ||= text
          .slice(2)
          .split(',')
          .some((flag) => flag.trim() === 'fuzzy')
      else if (text.startsWith('#')) headerComments.push(text.replace(/^# ?/, ''))
      else if (text.startsWith('"')) {
        if (!last) throw new Error(`${file}:${line}: a string without a keyword`)
        last.into[last.key] += unquote(text, file, line)
      } else {
        const keyword = /^(msgctxt|msgid|msgstr)\s+(.*)$/.exec(text)
        if (!keyword?.[1] || keyword[2] === undefined) throw new Error(`${file}:${line}: not a PO line: ${text}`)
        values[keyword[1]] = unquote(keyword[2], file, line)
        last = { into: values, key: keyword[1] }
        if (keyword[1] === 'msgctxt') hasContext = true
        if (keyword[1] === 'msgstr') entry.line = line
      }
    }
    if (values.msgid === undefined) continue
    if (values.msgid === '' && !hasContext) {
      result.headerComments.push(...headerComments)
      for (const row of (values.msgstr ?? '').split('\n')) {
        const at = row.indexOf(':')
        if (at > 0) result.headers.push([row.slice(0, at).trim(), row.slice(at + 1).trim()])
      }
      continue
    }
    entry.context = values.msgctxt ?? ''
    entry.id = values.msgid
    entry.translation = values.msgstr ?? ''
    if (entry.fuzzy && previous.msgid !== undefined) entry.previousId = previous.msgid
    result.entries.push(entry)
  }
  return result
}

/** The catalog as text, unwrapped (gettext tools may rewrap it; parsePo reads both the same). */
export function serializePo(po: PoFile): string {
  const out: string[] = []
  const header = [
    ...po.headerComments.map((line) => (line ? `# ${line}` : '#')),
    'msgid ""',
    'msgstr ""',
    ...po.headers.map(([key, value]) => quote(`${key}: ${value}\n`)),
  ]
  out.push(header.join('\n'))
  for (const entry of po.entries) {
    const lines = [
      ...entry.comments.map((comment) => `#. ${comment}`),
      ...entry.references.map((reference) => `#: ${reference}`),
      ...(entry.fuzzy ? ['#, fuzzy'] : []),
      ...(entry.fuzzy && entry.previousId !== undefined
        ? [...field('msgctxt', entry.context, '#| '), ...field('msgid', entry.previousId, '#| ')]
        : []),
      ...field('msgctxt', entry.context),
      ...field('msgid', entry.id),
      ...field('msgstr', entry.translation),
    ]
    out.push(lines.join('\n'))
  }
  return out.join('\n\n') + '\n'
}
