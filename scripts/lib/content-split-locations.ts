/**
 * The migration of ADR 098: a content folder's single `locations.yaml` (a `locations:` list) split
 * into one file per location, `locations/<id>.yaml`, which the site reads since. Each file is its
 * location's YAML as it was (flow maps, quotes and comments kept: the item's own nodes are
 * written). A location without `lastEdited` gets the old file's modification time, the date the
 * site gave it until now, so sitemap dates do not jump to the day of the migration.
 */
import { existsSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { Document, isMap, isScalar, isSeq, parse, parseDocument, type YAMLMap } from 'yaml'

/** What a split did: the files written (from the folder), or why nothing was. */
export type SplitOutcome = { written: string[] } | { nothing: string } | { problem: string }

const stringifyOptions = { lineWidth: 0, flowCollectionPadding: true } as const
/** A location's id names its file: lowercase words joined by dashes, as the schema requires. */
const idPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The ISO 8601 date-time to the second, as content states it. */
const toSecond = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')

/**
 * A location's lines as they are in the file, moved to the left margin, with `lastEdited: <stamp>`
 * after its id when given; undefined when the text would not read back as the same location.
 */
function asWritten(
  text: string,
  range: readonly number[] | null | undefined,
  stamp: string | undefined,
  value: object,
): string | undefined {
  const [start, end] = range ?? []
  if (start === undefined || end === undefined) return undefined
  const indent = start - (text.lastIndexOf('\n', start - 1) + 1)
  const lines = text.slice(start, end).replace(/\s+$/, '').split('\n')
  if (lines.slice(1).some((line) => line.trim() !== '' && !line.startsWith(' '.repeat(indent)))) return undefined
  const own = lines.map((line, index) => (index === 0 ? line : line.slice(indent)))
  if (stamp !== undefined) {
    const idLine = own.findIndex((line) => line.startsWith('id:'))
    if (idLine < 0) return undefined
    own.splice(idLine + 1, 0, `lastEdited: ${stamp}`)
  }
  const result = `${own.join('\n')}\n`
  const expected = stamp === undefined ? value : { ...value, lastEdited: stamp }
  return isDeepStrictEqual(parse(result), expected) ? result : undefined
}

/** A location written anew from its nodes (when its lines cannot be moved as they are). */
function rewritten(item: YAMLMap, stamp: string | undefined): string {
  const own = new Document(null)
  item.commentBefore = undefined
  item.flow = false
  if (stamp !== undefined) {
    const idIndex = item.items.findIndex((pair) => isScalar(pair.key) && pair.key.value === 'id')
    item.items.splice(idIndex + 1, 0, own.createPair('lastEdited', stamp))
  }
  own.contents = item
  return own.toString(stringifyOptions)
}

/** Each location of a `locations.yaml` text as the text of its own file, by id; or a problem. */
export function splitLocationsText(text: string, modified: Date): Map<string, string> | string {
  const document = parseDocument(text)
  if (document.errors.length > 0) return `not valid YAML: ${document.errors[0]?.message ?? ''}`
  const root = document.contents
  const list = isMap(root) ? root.get('locations', true) : undefined
  if (!isSeq(list)) return 'no `locations:` list'
  const files = new Map<string, string>()
  for (const [index, item] of list.items.entries()) {
    if (!isMap(item)) return `locations[${index}]: not a location (a map of fields)`
    const id: unknown = item.get('id')
    if (typeof id !== 'string' || !idPattern.test(id))
      return `locations[${index}].id: ${JSON.stringify(id)} cannot name a file (lowercase words joined by dashes)`
    if (files.has(id)) return `locations[${index}].id: "${id}" is used twice`
    const stamp = item.has('lastEdited') ? undefined : toSecond(modified)
    // A comment above an item (`# Utrecht`) goes above its file's first line; the parser gives the first item's to the list.
    const above = index === 0 ? (item.commentBefore ?? list.commentBefore) : item.commentBefore
    const comment = above ? `${above.replace(/^(?=.)/gm, '#')}\n` : ''
    files.set(id, comment + (asWritten(text, item.range, stamp, item.toJS(document)) ?? rewritten(item, stamp)))
  }
  return files
}

/** Splits `dir`'s `locations.yaml` into `dir/locations/<id>.yaml` and removes it; never overwrites a file. */
export function splitLocations(dir: string): SplitOutcome {
  const single = join(dir, 'locations.yaml')
  if (!existsSync(single)) return { nothing: `${single}: none (the locations are already one file each, or there are none)` }
  const split = splitLocationsText(readFileSync(single, 'utf8'), statSync(single).mtime)
  if (typeof split === 'string') return { problem: `${single}: ${split}` }
  const folder = join(dir, 'locations')
  const taken = [...split.keys()].map((id) => join(folder, `${id}.yaml`)).filter((path) => existsSync(path))
  if (taken.length > 0)
    return { problem: `${taken.join(', ')}: already there; nothing was written (move them away, or remove ${single} if it is stale)` }
  mkdirSync(folder, { recursive: true })
  const written: string[] = []
  for (const [id, text] of split) {
    const path = join(folder, `${id}.yaml`)
    writeFileSync(path, text, { flag: 'wx' })
    written.push(path)
  }
  unlinkSync(single)
  return { written }
}
