import { buildSchema, print, validate, type DocumentNode } from 'graphql'
import { describe, expect, it } from 'vitest'
import sdl from '../schema.graphql?raw'
import * as documents from './documents'
import { boundedParse, graphqlLimits, validationRules } from './graphql-limits'

const schema = buildSchema(sdl)

function errorsOf(query: string, introspection = false): string[] {
  let document: DocumentNode
  try {
    document = boundedParse(query)
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)]
  }
  return validate(schema, document, validationRules(introspection)).map((error) => error.message)
}

const shipped = Object.entries(documents).filter((entry): entry is [string, DocumentNode] => {
  const value: unknown = entry[1]
  return typeof value === 'object' && value !== null && Reflect.get(value, 'kind') === 'Document'
})

describe('GraphQL limits', () => {
  it('let every operation the site ships through', () => {
    expect(shipped.map(([name]) => name)).toEqual(
      expect.arrayContaining(['PageQuery', 'SiteQuery', 'NewsListQuery', 'NewsItemQuery', 'SitemapQuery', 'LocationsQuery', 'SubmitContactFormMutation']),
    )
    for (const [name, document] of shipped) {
      expect({ name, errors: errorsOf(print(document)) }).toEqual({ name, errors: [] })
    }
  })

  it('refuse an alias bomb: thousands of aliases of a list query', () => {
    const aliases = Array.from({ length: 3000 }, (_, i) => `a${i}: readPages(locale: "nl_NL") { id title }`).join('\n')
    expect(errorsOf(`{ ${aliases} }`)).toEqual([expect.stringMatching(/too many|tokens/i)])
  })

  it('refuse a fragment multiplied by aliases', () => {
    const fragment = 'fragment F on SiteTreeInterface { id title link translations { locale link title } breadcrumbs { id title link } }'
    const aliases = Array.from({ length: 8 }, (_, i) => `a${i}: readPages(locale: "nl_NL") { ...F ...F ...F }`).join(' ')
    // 8 roots pass the root limit; nested fragments multiply the field count past it.
    const nested = `fragment G on SiteTreeInterface { ${Array.from({ length: 200 }, () => '...F').join(' ')} }`
    expect(errorsOf(`{ ${aliases.replaceAll('...F ...F ...F', '...G')} } ${fragment} ${nested}`)).toEqual([expect.stringMatching(/too many fields/i)])
  })

  it('refuse a token bomb before parsing it all', () => {
    expect(errorsOf(`{ ${"__typename ".repeat(500_000)} }`)).toEqual([expect.stringMatching(/more that 4000 tokens/)])
  })

  it('refuse deep nesting without recursing into it', () => {
    expect(errorsOf(`${'{ a '.repeat(20_000)}${'}'.repeat(20_000)}`)).toEqual([expect.stringMatching(/nested deeper/)])
  })

  it('keep introspection off unless enabled', () => {
    expect(errorsOf('{ __schema { types { name } } }')[0]).toMatch(/introspection has been disabled/)
    expect(errorsOf('{ __schema { types { name } } }', true)).toEqual([])
  })

  it('are set well above what the site needs and well below harm', () => {
    expect(graphqlLimits.maxBodyBytes).toBe(64 * 1024)
    expect(graphqlLimits.maxRootFields).toBeGreaterThanOrEqual(2)
  })
})
