import { isDeepStrictEqual } from 'node:util'
import { diffArrays } from 'diff'
import { Document, isMap, isNode, isScalar, isSeq, parse, parseDocument, type Pair } from 'yaml'

/**
 * A save from /admin as a change to the file, not a new file. Decap sends the whole entry as
 * YAML of its own style: written as sent, one phone number changed in the locations' file rewrote
 * hundreds of lines and dropped every comment. Here the new data is merged into the file's
 * document: what did not change keeps its node (comments, key order, flow style), and lines the
 * stringifier writes only differently (`{a: 1}` for `{ a: 1 }`) keep their old text.
 */

const stringifyOptions = { lineWidth: 0, flowCollectionPadding: true } as const
/** Content has no aliases (the reader refuses them): a value used twice is written out twice. */
const nodeOptions = { aliasDuplicateObjects: false } as const

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A list whose items all have a distinct string `id` (blocks, locations): matched by id, so a reorder moves nodes. */
function ids(items: unknown[]): string[] | undefined {
  const found = items.map((item) => (isRecord(item) && typeof item.id === 'string' ? item.id : undefined))
  if (found.some((id) => id === undefined)) return undefined
  const strings = found.filter((id) => id !== undefined)
  return new Set(strings).size === strings.length ? strings : undefined
}

const keyOf = (pair: Pair): string => String(isScalar(pair.key) ? pair.key.value : pair.key)

/** `node` (of `document`) changed into `value`, reusing what did not change. */
function merged(document: Document, node: unknown, value: unknown): unknown {
  const current: unknown = isNode(node) ? node.toJS(document) : node
  if (isDeepStrictEqual(current, value)) return node
  if (isMap(node) && isRecord(value)) {
    node.items = node.items.filter((pair) => Object.hasOwn(value, keyOf(pair)))
    for (const pair of node.items) pair.value = merged(document, pair.value, value[keyOf(pair)])
    const present = new Set(node.items.map(keyOf))
    for (const [key, item] of Object.entries(value)) if (!present.has(key)) node.items.push(document.createPair(key, item, nodeOptions))
    return node
  }
  if (isSeq(node) && Array.isArray(value)) {
    const before = node.items.map((item) => (isNode(item) ? item.toJS(document) : item))
    const oldIds = ids(before)
    const newIds = ids(value)
    if (oldIds && newIds) {
      const byId = new Map(oldIds.map((id, index) => [id, node.items[index]]))
      node.items = value.map((item, index) => {
        const old = byId.get(newIds[index] ?? '')
        return old === undefined ? document.createNode(item, nodeOptions) : merged(document, old, item)
      })
    } else {
      node.items = value.map((item, index) =>
        index < node.items.length ? merged(document, node.items[index], item) : document.createNode(item, nodeOptions),
      )
    }
    return node
  }
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    node.value = value
    return node
  }
  return document.createNode(value, nodeOptions)
}

/** A line as it reads whatever the padding inside flow collections (`{ a: 1 }` and `{a: 1}`). */
const normalized = (line: string) =>
  line
    .replace(/([[{])\s+/g, '$1')
    .replace(/\s+([\]}])/g, '$1')
    .trimEnd()

/** Most lines added or removed where old lines are still given back: the diff's time grows with it. */
const maxEditedLines = 400

/**
 * `text` with each line that only the stringifier wrote otherwise given back its `before` text,
 * or undefined when the two differ in more than `maxEditedLines` lines (a long text replaced):
 * the diff takes time in proportion to the lines times the edits, and a save waits for it.
 */
function keepLines(before: string, text: string): string | undefined {
  const oldLines = before.split('\n')
  const newLines = text.split('\n')
  const parts = diffArrays(oldLines.map(normalized), newLines.map(normalized), { maxEditLength: maxEditedLines })
  if (!parts) return undefined
  const out: string[] = []
  let oldAt = 0
  let newAt = 0
  for (const part of parts) {
    const count = part.count
    if (part.added) {
      out.push(...newLines.slice(newAt, newAt + count))
      newAt += count
    } else if (part.removed) oldAt += count
    else {
      out.push(...oldLines.slice(oldAt, oldAt + count))
      oldAt += count
      newAt += count
    }
  }
  return out.join('\n')
}

/**
 * The text of a YAML file changed to hold `value`: `before` with only what changed rewritten.
 * Always gives `value` back when parsed; when keeping old lines would not, the merged document's
 * own text is used (it keeps comments and order, not every space).
 */
export function editedYaml(before: string | undefined, value: unknown): string {
  // The document model in general (not only as parsed): merged nodes are new ones too.
  const document: Document | undefined = before === undefined ? undefined : parseDocument(before)
  if (!document || document.errors.length > 0 || !isNode(document.contents))
    return new Document(value, nodeOptions).toString(stringifyOptions)
  const contents = merged(document, document.contents, value)
  document.contents = isNode(contents) ? contents : document.createNode(contents, nodeOptions)
  const text = document.toString(stringifyOptions)
  const kept = keepLines(before ?? '', text)
  return kept !== undefined && isDeepStrictEqual(parse(kept), value) ? kept : text
}

/** Now as content states it: an ISO 8601 date-time to the second. */
export const editedAt = (now: Date): string => now.toISOString().replace(/\.\d{3}Z$/, 'Z')

const withoutStamp = (value: unknown) => (isRecord(value) ? { ...value, lastEdited: undefined } : value)

/** How a content file keeps its `lastEdited`, by its path (`content/pages/about.yaml`: a page's own). */
export const stampKind = (path: string): 'dated' | 'other' => (/^[^/]+\/(?:pages|locations)\/[^/]+$/.test(path) ? 'dated' : 'other')

/**
 * `value` with `lastEdited` set when its data changed, for a file that says when it changed (a
 * page's, a location's: `dated`). The server sets it, so sitemap dates follow saves.
 */
export function stamped(kind: 'dated' | 'other', before: unknown, value: unknown, now: Date): unknown {
  if (!isRecord(value) || kind !== 'dated') return value
  return isDeepStrictEqual(withoutStamp(before), withoutStamp(value)) ? value : { ...value, lastEdited: editedAt(now) }
}

/** Every image's size in `data` (objects with a `src`, `width` and `height`), by src. */
function sizesIn(data: unknown, found = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(data)) for (const item of data) sizesIn(item, found)
  else if (isRecord(data)) {
    if (typeof data.src === 'string' && typeof data.width === 'number' && typeof data.height === 'number')
      found.set(data.src, `${data.width}x${data.height}`)
    for (const item of Object.values(data)) sizesIn(item, found)
  }
  return found
}

/**
 * `value` without the width and height of images that are new to the file: Decap keeps the
 * numbers of the image an editor replaced, and a start measures an image that states none.
 */
export function withoutStaleSizes(before: unknown, value: unknown): unknown {
  const known = sizesIn(before)
  const walk = (data: unknown): unknown => {
    if (Array.isArray(data)) return data.map(walk)
    if (!isRecord(data)) return data
    const result = Object.fromEntries(Object.entries(data).map(([key, item]) => [key, walk(item)]))
    if (typeof data.src === 'string' && 'width' in data && known.get(data.src) !== `${String(data.width)}x${String(data.height)}`) {
      delete result.width
      delete result.height
    }
    return result
  }
  return walk(value)
}
