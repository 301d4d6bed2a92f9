/**
 * Reading valibot schemas as data: their objects are plain (type, pipe, entries, wrapped, …),
 * so the admin's config (../admin/decap-config.ts) and the content scripts can be generated
 * from or walk along the schemas the server validates with.
 */
import type * as v from 'valibot'
import { localeCodes } from '../../../app.config'

export const get = (value: object, key: string): unknown => Reflect.get(value, key)
const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null
const isSchema = (value: unknown): value is v.GenericSchema =>
  isObject(value) && get(value, 'kind') === 'schema' && typeof get(value, '~run') === 'function'

/** A schema with its optional wrapper and pipes taken off. */
export interface SchemaShape {
  /** valibot's type of the innermost schema: string, number, strict_object, array, variant, … */
  type: string
  node: object
  /** The schema without its optional wrapper (validates a present value). */
  present: v.GenericSchema
  optional: boolean
  defaultValue: unknown
  /** The pipe actions of every layer (regex, min_value, integer, description, …). */
  actions: object[]
  /** Every layer, for recognising a shared schema by identity (richText, pageReference). */
  layers: unknown[]
}

export function shapeOf(schema: unknown): SchemaShape {
  const layers: unknown[] = []
  const actions: object[] = []
  let optional = false
  let defaultValue: unknown
  let present: v.GenericSchema | undefined
  let node = schema
  for (;;) {
    if (!isSchema(node)) throw new Error('not a valibot schema')
    layers.push(node)
    const type = get(node, 'type')
    if (type === 'optional') {
      optional = true
      defaultValue = get(node, 'default')
      node = get(node, 'wrapped')
      continue
    }
    present ??= node
    const pipe = get(node, 'pipe')
    if (Array.isArray(pipe) && pipe[0] !== node) {
      actions.unshift(...pipe.slice(1).filter(isObject))
      node = pipe[0]
      continue
    }
    if (typeof type !== 'string') throw new Error('not a valibot schema')
    return { type, node, present, optional, defaultValue, actions, layers }
  }
}

export function actionOf(shape: SchemaShape, type: string): object | undefined {
  return shape.actions.find((action) => get(action, 'type') === type)
}

/** The entries of an object schema, in order. */
export function entriesOf(shape: SchemaShape): Array<[string, unknown]> {
  const entries = get(shape.node, 'entries')
  return isObject(entries) ? Object.entries(entries) : []
}

/** The options of a variant schema (object schemas with a literal `type`). */
export function variantOptions(shape: SchemaShape): SchemaShape[] {
  const options = get(shape.node, 'options')
  return Array.isArray(options) ? options.map(shapeOf) : []
}

/** The literal of a variant option's `type` entry. */
export function variantName(option: SchemaShape): string {
  const typeEntry = entriesOf(option).find(([name]) => name === 'type')
  const literal = typeEntry ? get(shapeOf(typeEntry[1]).node, 'literal') : undefined
  if (typeof literal !== 'string') throw new Error('a variant option without a literal type')
  return literal
}

/** An object whose keys are exactly the site's language codes: a text per language. */
export function isPerLocale(shape: SchemaShape): boolean {
  const keys = entriesOf(shape).map(([key]) => key)
  return keys.length === localeCodes.length && localeCodes.every((code) => keys.includes(code))
}

/**
 * The paths (keys and list indices) of the strings in `data` whose schema `matches`, walking
 * `data` along `schema` (a variant by its key's value). For a file already validated.
 */
export function stringPaths(schema: unknown, data: unknown, matches: (shape: SchemaShape) => boolean): Array<Array<string | number>> {
  const shape = shapeOf(schema)
  if (typeof data === 'string') return matches(shape) ? [[]] : []
  if (Array.isArray(data)) {
    if (shape.type !== 'array') return []
    const item = get(shape.node, 'item')
    return data.flatMap((value, index) => stringPaths(item, value, matches).map((path) => [index, ...path]))
  }
  if (!isObject(data)) return []
  if (shape.type === 'variant') {
    const key = get(shape.node, 'key')
    const option = variantOptions(shape).find((o) => typeof key === 'string' && variantName(o) === get(data, key))
    return option ? stringPaths(option.node, data, matches) : []
  }
  return entriesOf(shape).flatMap(([key, entry]) =>
    key in data ? stringPaths(entry, get(data, key), matches).map((path) => [key, ...path]) : [],
  )
}
