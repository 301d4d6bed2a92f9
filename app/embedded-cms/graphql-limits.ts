import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type Source,
  type ValidationRule,
} from 'graphql'

/**
 * Bounds on what one GraphQL request may ask of the embedded CMS, over HTTP and in-process
 * alike. Without them one query of aliases ran the process out of memory (ADR 011). Every operation the site ships stays far below them (a unit test
 * runs them all through these rules).
 */
export const graphqlLimits = {
  /** Request body (the JSON holding query and variables). */
  maxBodyBytes: 64 * 1024,
  /** Lexer tokens in the query: parsing stops at the first token over. */
  maxTokens: 4000,
  /** Nested selection sets. The site's deepest operation has 7. */
  maxDepth: 12,
  /** Fields in the operation with every fragment spread expanded (aliases each count). */
  maxFields: 1500,
  /** Fields at the root of an operation (aliases each count): each one is a CMS lookup. */
  maxRootFields: 8,
  /**
   * Selections of one field at one level (through fragments), whatever their aliases: graphql
   * checks each pair with the same response name for conflicts (quadratic time), and aliases
   * of a list field multiply the answer. The site's most is 11 (`id` across the block types).
   */
  maxSameName: 16,
  /** Brackets of any kind nested in the query text (selections, arguments, lists). */
  maxNesting: 24,
} as const

/**
 * Deepest nesting of `{`, `[` and `(` outside strings and comments: checked before parsing,
 * which recurses once per level (a deep enough list or selection overflows the stack).
 */
function nestingDepth(source: string): number {
  let depth = 0
  let deepest = 0
  for (let i = 0; i < source.length; i++) {
    const char = source[i]
    if (char === '#') {
      // A comment runs to the end of the line.
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++
    } else if (source.startsWith('"""', i)) {
      const end = source.indexOf('"""', i + 3)
      i = end === -1 ? source.length : end + 2
    } else if (char === '"') {
      for (i++; i < source.length && source[i] !== '"' && source[i] !== '\n'; i++) if (source[i] === '\\') i++
    } else if (char === '{' || char === '[' || char === '(') deepest = Math.max(deepest, ++depth)
    else if (char === '}' || char === ']' || char === ')') depth--
  }
  return deepest
}

/**
 * graphql's parse with a nesting check first, a token limit, and the size limits checked on
 * the parsed document before any validation rule runs (some of graphql's own rules compare
 * fields pairwise: a bomb must be refused before it reaches them).
 */
export function boundedParse(source: string | Source): DocumentNode {
  if (nestingDepth(typeof source === 'string' ? source : source.body) > graphqlLimits.maxNesting) {
    throw new GraphQLError(`Query is nested too deeply (at most ${graphqlLimits.maxNesting} brackets)`)
  }
  let document: DocumentNode
  try {
    document = parse(source, { maxTokens: graphqlLimits.maxTokens })
  } catch (error) {
    if (error instanceof GraphQLError) throw error
    throw new GraphQLError('Query could not be parsed')
  }
  const problem = sizeProblem(document)
  if (problem) throw new GraphQLError(problem)
  return document
}

interface Size {
  fields: number
  depth: number
}

/**
 * Size of a selection set with fragments expanded: fields counted as many times as they would
 * be resolved per parent (lists not multiplied: the field count, the root-field limit and the
 * repeated-name limit together bound what one object can be asked for). Fragment sizes are
 * memoized, so a fragment used 3,000 times is measured once; cycles are left to
 * NoFragmentCyclesRule (counted as empty here).
 */
function measure(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  memo: Map<string, Size>,
  visiting: Set<string>,
): Size {
  let fields = 0
  let depth = 0
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const inner = selection.selectionSet ? measure(selection.selectionSet, fragments, memo, visiting) : { fields: 0, depth: 0 }
      fields += 1 + inner.fields
      depth = Math.max(depth, 1 + inner.depth)
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const inner = measure(selection.selectionSet, fragments, memo, visiting)
      fields += inner.fields
      depth = Math.max(depth, inner.depth)
    } else {
      const name = selection.name.value
      let size = memo.get(name)
      if (!size) {
        const fragment = fragments.get(name)
        if (!fragment || visiting.has(name)) continue
        visiting.add(name)
        size = measure(fragment.selectionSet, fragments, memo, visiting)
        visiting.delete(name)
        memo.set(name, size)
      }
      fields += size.fields
      depth = Math.max(depth, size.depth)
    }
    // Stop early: a bomb is refused without measuring all of it.
    if (fields > graphqlLimits.maxFields) break
  }
  return { fields, depth }
}

/**
 * The fields of one level of a selection set, through inline fragments and fragment spreads
 * (each fragment once per level, as graphql merges them), counted by response name.
 */
function flattenLevel(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
  into: { names: Map<string, number>; fields: FieldNode[] },
): void {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      // Counted by response name and by field name: `a: brands b: brands …` are many copies too.
      const responseName = selection.alias?.value ?? selection.name.value
      into.names.set(responseName, (into.names.get(responseName) ?? 0) + 1)
      if (responseName !== selection.name.value) {
        const fieldName = `${selection.name.value} (aliased)`
        into.names.set(fieldName, (into.names.get(fieldName) ?? 0) + 1)
      }
      into.fields.push(selection)
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      flattenLevel(selection.selectionSet, fragments, seen, into)
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value)
      const fragment = fragments.get(selection.name.value)
      if (fragment) flattenLevel(fragment.selectionSet, fragments, seen, into)
    }
  }
}

/** The first response name repeated more than maxSameName times at some level, if any. */
function repeatedName(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>): string | undefined {
  const level: { names: Map<string, number>; fields: FieldNode[] } = { names: new Map(), fields: [] }
  flattenLevel(set, fragments, new Set(), level)
  for (const [name, count] of level.names) if (count > graphqlLimits.maxSameName) return name
  for (const field of level.fields) {
    const repeated = field.selectionSet ? repeatedName(field.selectionSet, fragments) : undefined
    if (repeated) return repeated
  }
  return undefined
}

/** Why a document is over the size limits (depth, fields, root fields, repeated names), or undefined. */
export function sizeProblem(document: DocumentNode): string | undefined {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  const memo = new Map<string, Size>()
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue
    const root: { names: Map<string, number>; fields: FieldNode[] } = { names: new Map(), fields: [] }
    flattenLevel(definition.selectionSet, fragments, new Set(), root)
    if (root.fields.length > graphqlLimits.maxRootFields) {
      return `Too many root fields (at most ${graphqlLimits.maxRootFields})`
    }
    const size = measure(definition.selectionSet, fragments, memo, new Set())
    if (size.depth > graphqlLimits.maxDepth) return `Query is nested deeper than ${graphqlLimits.maxDepth} levels`
    if (size.fields > graphqlLimits.maxFields) return `Query selects too many fields (at most ${graphqlLimits.maxFields})`
    // Only walked once the expanded size is known to be small.
    const repeated = repeatedName(definition.selectionSet, fragments)
    if (repeated) return `"${repeated}" is selected too many times at one level (at most ${graphqlLimits.maxSameName})`
  }
  return undefined
}

/** The validation rules for a request: graphql's own, and no introspection unless enabled (sizes: boundedParse). */
export function validationRules(introspection: boolean): ValidationRule[] {
  return [...specifiedRules, ...(introspection ? [] : [NoSchemaIntrospectionCustomRule])]
}
