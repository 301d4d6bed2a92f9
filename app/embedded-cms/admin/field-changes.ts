import { localeCodes } from '../../../app.config'
import { parseContentYaml } from '../content/read'
import { labelOf, type AdminLanguage } from './decap-labels'

/**
 * Which fields of an entry differ between two of its texts (the admin's history, ADR 106): the
 * paths of the values that differ, down to a text in one language. Lists of blocks or locations
 * are matched by `id` (a reorder is no change of their texts), other lists by position. A block
 * added or removed is one change at its own path. `lastEdited` is left out: the server sets it
 * at every save, so it would be in every version's list.
 */

/** A value that differs: its path (keys, a block's id, a list's position) and the two values (undefined: not there). */
export interface FieldChange {
  path: string[]
  before: unknown
  after: unknown
}

/** At most this many changes are listed (a rewritten page says "and more" instead of hundreds). */
export const maxFieldChanges = 100

const ignored = new Set(['lastEdited'])

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The items of a list by id, when every item is an object with a distinct string id. */
function byId(list: unknown[]): Map<string, unknown> | undefined {
  const items = new Map<string, unknown>()
  for (const item of list) {
    if (!isRecord(item) || typeof item.id !== 'string' || items.has(item.id)) return undefined
    items.set(item.id, item)
  }
  return items
}

function compare(before: unknown, after: unknown, path: string[], changes: FieldChange[]): void {
  if (changes.length > maxFieldChanges) return
  if (Array.isArray(before) && Array.isArray(after)) {
    const earlier = byId(before)
    const later = byId(after)
    if (earlier && later) {
      for (const [id, item] of later) compare(earlier.get(id), item, [...path, id], changes)
      for (const [id, item] of earlier) if (!later.has(id)) compare(item, undefined, [...path, id], changes)
      return
    }
    for (let index = 0; index < Math.max(before.length, after.length); index++)
      compare(before[index], after[index], [...path, String(index + 1)], changes)
    return
  }
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (path.length === 0 && ignored.has(key)) continue
      compare(before[key], after[key], [...path, key], changes)
    }
    return
  }
  // A leaf, or a value added, removed or of another kind: one change here.
  if (JSON.stringify(before) !== JSON.stringify(after)) changes.push({ path, before, after })
}

/** The data of a content text (undefined: no text, a deleted entry). */
const dataOf = (file: string, text: string | undefined): unknown => (text === undefined ? undefined : parseContentYaml(file, text))

/** The values that differ between two texts of `file` (either undefined: the entry was not there). */
export function fieldChanges(file: string, before: string | undefined, after: string | undefined): FieldChange[] {
  const changes: FieldChange[] = []
  compare(dataOf(file, before), dataOf(file, after), [], changes)
  return changes.slice(0, maxFieldChanges)
}

/** The paths of the changed fields, as stored with a version: `title.nl`, `elements.about-hero.subtitle.en`. */
export function changedFields(file: string, before: string | undefined, after: string | undefined): string[] {
  return [...new Set(fieldChanges(file, before, after).map((change) => change.path.join('.')))]
}

const languageCodes = new Set<string>(localeCodes)

/** A field's path as the admin names it: "Elementen › about-hero › Titel (nl)". */
export function fieldPathLabel(path: string, language: AdminLanguage): string {
  const parts = path === '' ? [] : path.split('.')
  const last = parts.at(-1)
  const locale = last !== undefined && languageCodes.has(last) && parts.length > 1 ? parts.pop() : undefined
  const named = parts.map((part) => (/^[a-zA-Z]+$/.test(part) ? labelOf(part, language) : part)).join(' › ')
  return locale === undefined ? named : `${named} (${locale})`
}

/** A value as one line of the admin's diff: text as it is, a group of fields as its YAML-like JSON, cut to a length. */
export function shownValue(value: unknown, limit = 400): string | null {
  if (value === undefined || value === null) return null
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > limit ? `${text.slice(0, limit)}…` : text
}
