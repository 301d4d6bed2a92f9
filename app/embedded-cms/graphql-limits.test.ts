import { buildSchema, print, validate, type DocumentNode } from 'graphql'
import { describe, expect, it } from 'vitest'
import sdl from '../cms/schema.graphql?raw'
import * as documents from '../cms/documents'
import { boundedParse, validationRules } from './graphql-limits'

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
      expect.arrayContaining([
        'PageQuery',
        'SiteQuery',
        'NewsListQuery',
        'NewsItemQuery',
        'SitemapQuery',
        'LocationsQuery',
        'LocationQuery',
        'ContactPageQuery',
        'SubmitContactFormMutation',
      ]),
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
    expect(errorsOf(`{ ${aliases.replaceAll('...F ...F ...F', '...G')} } ${fragment} ${nested}`)).toEqual([
      expect.stringMatching(/too many fields/i),
    ])
  })

  it('refuse a token bomb before parsing it all', () => {
    expect(errorsOf(`{ ${'__typename '.repeat(500_000)} }`)).toEqual([expect.stringMatching(/more that 4000 tokens/)])
  })

  it('refuse deep nesting without recursing into it', () => {
    expect(errorsOf(`${'{ a '.repeat(20_000)}${'}'.repeat(20_000)}`)).toEqual([expect.stringMatching(/nested too deeply/)])
    // Within the bracket limit, the selection depth limit still holds.
    expect(errorsOf(`${'{ a '.repeat(15)}${'}'.repeat(15)}`)).toEqual([expect.stringMatching(/nested deeper than 12/)])
  })

  it('keep introspection off unless enabled', () => {
    expect(errorsOf('{ __schema { types { name } } }')[0]).toMatch(/introspection has been disabled/)
    expect(errorsOf('{ __schema { types { name } } }', true)).toEqual([])
  })

  it('refuse the same name selected many times at one level (graphql compares those pairwise)', () => {
    const copies = Array.from({ length: 640 }, (_, i) => ['ogImage { u: url }', 'ogImage { u: alt }', 'ogImage { u: width }'][i % 3]).join(
      ' ',
    )
    // Refused by boundedParse, so graphql's validation (pairwise: quadratic in the copies) never sees it.
    expect(() => boundedParse(`{ readSiteConfig(locale: "nl_NL") { ${copies} } }`)).toThrow(/"ogImage" is selected too many times/)
    // Through inline fragments and fragment spreads alike.
    const inline = Array.from({ length: 40 }, (_, i) => `... on Page { x: title${i % 2 ? '' : ' '} }`).join(' ')
    expect(errorsOf(`{ readPages(locale: "nl_NL") { ${inline} } }`)).toEqual([expect.stringMatching(/"x" is selected too many times/)])
    // Aliases of one field count as copies of it.
    const aliased = Array.from({ length: 1300 }, (_, i) => `a${i}: brands`).join(' ')
    expect(errorsOf(`{ readLocations(locale: "nl_NL") { ${aliased} } }`)).toEqual([
      expect.stringMatching(/"brands \(aliased\)" is selected too many times/),
    ])
    const spreads = Array.from({ length: 20 }, (_, i) => `fragment F${i} on SiteTreeInterface { t: title }`).join(' ')
    const used = Array.from({ length: 20 }, (_, i) => `...F${i}`).join(' ')
    expect(errorsOf(`{ readPages(locale: "nl_NL") { ${used} } } ${spreads}`)).toEqual([
      expect.stringMatching(/"t" is selected too many times/),
    ])
  })

  it('refuse lists nested too deeply, and do not count brackets in strings or comments', () => {
    expect(errorsOf(`{ readSiteConfig(locale: ${'['.repeat(3990)}) }`)).toEqual([expect.stringMatching(/nested too deeply/)])
    expect(errorsOf(`# "\n${'{ a '.repeat(1300)}${'}'.repeat(1300)}`)).toEqual([expect.stringMatching(/nested too deeply/)])
    expect(errorsOf('{ readSiteConfig(locale: "nl_NL{{{{{{{{{{{{{{{{{{{{{{{{{{{{") { title } }')).toEqual([])
    expect(errorsOf('# {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{\n{ readSiteConfig(locale: "nl_NL") { title } }')).toEqual([])
  })
})
