import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type Source,
  type ValidationContext,
  type ValidationRule,
} from 'graphql'

/**
 * Bounds on what one GraphQL request may ask of the embedded CMS, over HTTP and in-process
 * alike. Without them a 120 KB query of aliases (or 500,000 `__typename` tokens) ran the
 * process out of memory. Every operation the site ships stays far below them (a unit test
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
} as const

/** Deepest `{` nesting outside strings: checked before parsing, which recurses per level. */
function braceDepth(source: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < source.length; i++) {
    const char = source[i]
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{') deepest = Math.max(deepest, ++depth)
    else if (char === '}') depth--
  }
  return deepest
}

/** graphql's parse with a token limit and a nesting check first. */
export function boundedParse(source: string | Source): DocumentNode {
  // +1: the operation's own braces around the root selection.
  if (braceDepth(typeof source === 'string' ? source : source.body) > graphqlLimits.maxDepth + 1) {
    throw new GraphQLError(`Query is nested deeper than ${graphqlLimits.maxDepth} levels`)
  }
  return parse(source, { maxTokens: graphqlLimits.maxTokens })
}

interface Size {
  fields: number
  depth: number
}

/**
 * Size of a selection set with fragments expanded: fields counted as many times as they would
 * be resolved per parent (lists not multiplied: the count bounds the query, the root-field
 * limit bounds the lists). Fragment sizes are memoized, so a fragment used 3,000 times is
 * measured once; cycles are left to NoFragmentCyclesRule (counted as empty here).
 */
function measure(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, memo: Map<string, Size>, visiting: Set<string>): Size {
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

/** Fields directly in a selection set, through fragments at the same level. */
function rootFieldCount(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, memo: Map<string, number>, visiting: Set<string>): number {
  let count = 0
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) count++
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += rootFieldCount(selection.selectionSet, fragments, memo, visiting)
    else {
      const name = selection.name.value
      let inner = memo.get(name)
      if (inner === undefined) {
        const fragment = fragments.get(name)
        if (!fragment || visiting.has(name)) continue
        visiting.add(name)
        inner = rootFieldCount(fragment.selectionSet, fragments, memo, visiting)
        visiting.delete(name)
        memo.set(name, inner)
      }
      count += inner
    }
    if (count > graphqlLimits.maxRootFields) break
  }
  return count
}

/** Refuses operations over the depth, field and root-field limits. */
export const QuerySizeRule: ValidationRule = (context: ValidationContext): ASTVisitor => {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  const memo = new Map<string, Size>()
  return {
    OperationDefinition(operation) {
      const size = measure(operation.selectionSet, fragments, memo, new Set())
      if (rootFieldCount(operation.selectionSet, fragments, new Map(), new Set()) > graphqlLimits.maxRootFields) {
        context.reportError(new GraphQLError(`Too many root fields (at most ${graphqlLimits.maxRootFields})`, { nodes: operation }))
      } else if (size.depth > graphqlLimits.maxDepth) {
        context.reportError(new GraphQLError(`Query is nested deeper than ${graphqlLimits.maxDepth} levels`, { nodes: operation }))
      } else if (size.fields > graphqlLimits.maxFields) {
        context.reportError(new GraphQLError(`Query selects too many fields (at most ${graphqlLimits.maxFields})`, { nodes: operation }))
      }
      return false
    },
  }
}

/** The validation rules for a request: graphql's own, the size limits, and no introspection unless enabled. */
export function validationRules(introspection: boolean): ValidationRule[] {
  return [...specifiedRules, QuerySizeRule, ...(introspection ? [] : [NoSchemaIntrospectionCustomRule])]
}
