import * as v from 'valibot'
import { entriesOf, get, isPerLocale, shapeOf, variantName, variantOptions, type SchemaShape } from '../content/schema-shape'

/**
 * What Decap sends for a text an editor typed and then cleared: an empty string, where the
 * schema wants a text or nothing. An editor cannot remove it in the form, so the save is read
 * as meant: a language left empty in a text-per-language object is not given, and an optional
 * field left with nothing is left out. Where an empty text means something (the home page's URL
 * segment) the schema accepts it, and it stays.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether `schema` (without its optional wrapper) refuses an empty text. */
const refusesEmpty = (shape: SchemaShape) => !v.safeParse(shape.present, '').success

const isBlank = (value: unknown) => value === null || value === '' || (isRecord(value) && Object.keys(value).length === 0)

function walk(shape: SchemaShape, data: unknown): unknown {
  if (Array.isArray(data)) {
    const item = get(shape.node, 'item')
    return shape.type === 'array' && item !== undefined ? data.map((value) => walk(shapeOf(item), value)) : data
  }
  if (!isRecord(data)) return data
  if (shape.type === 'variant') {
    const key = get(shape.node, 'key')
    const option = variantOptions(shape).find((o) => typeof key === 'string' && variantName(o) === data[key])
    return option ? walk(option, data) : data
  }
  const entries = new Map(entriesOf(shape))
  if (entries.size === 0) return data
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(data)) {
    const entry = entries.get(key)
    if (entry === undefined) {
      // Not in the schema: left for the server to name.
      result[key] = value
      continue
    }
    const child = shapeOf(entry)
    let next = walk(child, value)
    if (isPerLocale(child) && isRecord(next)) {
      const languages = new Map(entriesOf(child))
      next = Object.fromEntries(
        Object.entries(next).filter(([code, text]) => {
          const language = languages.get(code)
          return !(text === '' && language !== undefined && refusesEmpty(shapeOf(language)))
        }),
      )
    }
    const cleared = next === '' ? refusesEmpty(child) : isBlank(next)
    if (child.optional && cleared) continue
    result[key] = next
  }
  return result
}

/** `data` (a content file's) without the texts an editor cleared, read along `schema`. */
export function withoutClearedTexts(schema: unknown, data: unknown): unknown {
  return walk(shapeOf(schema), data)
}
