import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isListType,
  isObjectType,
  isScalarType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql'
import { sanitizeHtml } from './sanitize'

/**
 * Sanitizes, in place, every value of the `HTML` scalar in a GraphQL result —
 * whichever CMS sent it. Walks the data along the schema and fails closed on
 * keys it cannot place (aliases), so unsanitized HTML can never slip through
 * under another name. In place, because the result object is freshly parsed
 * and owned by the caller, and so keeps its inferred type.
 */
export function sanitizeResultHtml(schema: GraphQLSchema, rootTypeName: 'Query' | 'Mutation', data: unknown): void {
  const root = schema.getType(rootTypeName)
  if (!isObjectType(root)) throw new Error(`Schema has no ${rootTypeName} type`)
  walkObject(schema, root, data)
}

function clean(schema: GraphQLSchema, type: GraphQLOutputType, value: unknown): unknown {
  if (value === null || value === undefined) return value
  const nullable = getNullableType(type)
  if (isListType(nullable)) {
    if (Array.isArray(value)) value.forEach((item, index) => (value[index] = clean(schema, nullable.ofType, item)))
    return value
  }
  const named = getNamedType(nullable)
  if (isScalarType(named)) {
    if (named.name !== 'HTML') return value
    return typeof value === 'string' ? sanitizeHtml(value) : ''
  }
  walkObject(schema, named, value)
  return value
}

function walkObject(schema: GraphQLSchema, type: GraphQLOutputType, value: unknown): void {
  if (typeof value !== 'object' || value === null) return
  let objectType = getNamedType(type)
  if (isAbstractType(objectType)) {
    const typename = Reflect.get(value, '__typename')
    const concrete = typeof typename === 'string' ? schema.getType(typename) : undefined
    if (!isObjectType(concrete)) throw new Error(`Select __typename on ${objectType.name} so its HTML can be sanitized`)
    objectType = concrete
  }
  if (!isObjectType(objectType)) return
  const fields = objectType.getFields()
  for (const [key, fieldValue] of Object.entries(value)) {
    if (key === '__typename') continue
    const field = fields[key]
    if (!field) throw new Error(`Unknown field ${objectType.name}.${key}: aliases are not supported in CMS documents`)
    Reflect.set(value, key, clean(schema, field.type, fieldValue))
  }
}
