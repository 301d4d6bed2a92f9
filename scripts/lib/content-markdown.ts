/**
 * Rich text from HTML to Markdown (`npm run content:markdown`): every rich-text field of the
 * content files (richText in app/embedded-cms/content/schema.ts) becomes the Markdown the
 * admin's editor writes, rendering to the same HTML. Rerunnable: Markdown is read as HTML
 * first (the server's renderer) and written back only when that changes it, so text already
 * migrated stays as it is and HTML added since (by hand) is migrated on the next run.
 *
 * Only the changed values are rewritten in the file's text; its comments, quoting and layout
 * stay as they were (a full YAML re-dump would reformat every flow map).
 */
import TurndownService from 'turndown'
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml'
import { richText } from '../../app/embedded-cms/content/schema'
import { stringPaths } from '../../app/embedded-cms/content/schema-shape'
import { richTextHtml } from '../../app/embedded-cms/content/markdown'

const turndown = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  emDelimiter: '_',
  strongDelimiter: '**',
  // A backslash line break: two trailing spaces would be invisible (and trimmed by editors).
  br: '\\',
})

// A list item with one space after its marker (turndown's default is three).
turndown.addRule('listItem', {
  filter: 'li',
  replacement: (content, node) => {
    const list = node.parentElement
    const start = Number(list?.getAttribute('start') ?? 1)
    const prefix = list?.nodeName === 'OL' ? `${start + Array.prototype.indexOf.call(list.children, node)}. ` : '- '
    const body = content.replace(/^\n+/, '').replace(/\n+$/, content.endsWith('\n') ? '\n' : '')
    return prefix + body.replace(/\n/g, `\n${' '.repeat(prefix.length)}`) + (node.nextSibling ? '\n' : '')
  },
})

// What Markdown cannot say stays HTML, which the site still reads: heading anchors (a legal
// page's table of contents), links that open a new window or have a title, tables. A rule,
// not turndown's keep(), which yields to its own heading and link rules.
turndown.addRule('keepHtml', {
  filter: (node) =>
    (/^H[1-6]$/.test(node.nodeName) && node.hasAttribute('id')) ||
    (node.nodeName === 'A' && (node.hasAttribute('target') || node.hasAttribute('title'))) ||
    node.nodeName === 'TABLE',
  replacement: (_content, node) => (node.nodeName === 'A' ? node.outerHTML : `\n\n${node.outerHTML}\n\n`),
})

/** A rich text (HTML, Markdown or both) as Markdown that renders to the same HTML. */
export function markdownOf(text: string): string {
  return turndown.turndown(richTextHtml(text))
}

/** One field changed by the migration. */
export interface MigratedField {
  path: Array<string | number>
  before: string
  after: string
}

/** The rich-text fields of a content file's data, by `schema` (the file's valibot schema). */
export function richTextPaths(schema: unknown, data: unknown): Array<Array<string | number>> {
  return stringPaths(schema, data, (shape) => shape.layers.includes(richText))
}

/** A YAML scalar for `value`, `indent` spaces in when it is a block. */
function scalarText(value: string, indent: number, inFlow: boolean): string {
  if (value.includes('\n') && !inFlow) {
    // A literal block keeps the Markdown as written: no escapes, one line per line.
    const lines = value.split('\n').map((line) => (line === '' ? '' : `${' '.repeat(indent)}${line}`))
    return `|-\n${lines.join('\n')}`
  }
  // A JSON string is a YAML double-quoted scalar.
  return JSON.stringify(value)
}

/**
 * The file's text with every rich-text field as Markdown, and the fields changed. `schema`
 * validates the file's kind (its rich-text fields are found along it).
 */
export function migrateFile(text: string, schema: unknown): { text: string; fields: MigratedField[] } {
  const lines = new LineCounter()
  const document = parseDocument(text, { lineCounter: lines })
  if (document.errors.length > 0) throw new Error(`not valid YAML: ${document.errors[0]?.message}`)
  const splices: Array<{ from: number; to: number; text: string }> = []
  const fields: MigratedField[] = []
  for (const path of richTextPaths(schema, document.toJS())) {
    const node = document.getIn(path, true)
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) continue
    const before = node.value
    const after = markdownOf(before)
    if (after === before) continue
    const parent = document.getIn(path.slice(0, -1), true)
    const inFlow = isMap(parent) && parent.flow === true
    const key = isMap(parent) ? parent.items.find((pair) => isScalar(pair.key) && pair.key.value === path.at(-1))?.key : undefined
    const keyColumn = isScalar(key) && key.range ? lines.linePos(key.range[0]).col - 1 : 0
    const [from, to] = node.range
    // A block scalar's range ends after its last line break, which the next key needs.
    const end = text.slice(from, to).endsWith('\n') ? '\n' : ''
    splices.push({ from, to, text: scalarText(after, keyColumn + 2, inFlow) + end })
    fields.push({ path, before, after })
  }
  let migrated = text
  for (const { from, to, text: replacement } of splices.sort((a, b) => b.from - a.from)) {
    migrated = migrated.slice(0, from) + replacement + migrated.slice(to)
  }
  return { text: migrated, fields }
}
