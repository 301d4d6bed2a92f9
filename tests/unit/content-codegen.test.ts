import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { blocks } from '../../app/blocks/blocks.gen'
import { graphql as locations } from '../../app/content-types/locations'
import {
  blockListFile,
  blockListText,
  blockTypes,
  contractFile,
  contractText,
  fragmentFile,
  fragmentText,
} from '../../scripts/lib/content-codegen'

/**
 * The files `npm run codegen` writes from the block types' content modules are what it writes
 * today: a block folder with a content.ts that is not in the list, the contract or the page
 * query fails here, never silently at run time.
 */
describe('generated from the content modules (run npm run codegen)', () => {
  const types = blockTypes()

  it('finds every block folder with a content module', () => {
    expect(types).toContain('Hero')
    expect(types.length).toBeGreaterThanOrEqual(10)
  })

  it('app/blocks/blocks.gen.ts lists every module', async () => {
    expect(readFileSync(blockListFile, 'utf8')).toBe(await blockListText(types))
    expect(Object.keys(blocks)).toEqual(types)
    for (const [type, module] of Object.entries(blocks)) expect(module.type).toBe(type)
  })

  it("the contract's block and location types are the modules' own", () => {
    const committed = readFileSync(contractFile, 'utf8')
    expect(committed).toBe(contractText(committed, { blocks: Object.values(blocks), locations }))
  })

  it("the page query's fragment selects every block type", async () => {
    expect(readFileSync(fragmentFile, 'utf8')).toBe(await fragmentText(readFileSync(contractFile, 'utf8'), types))
  })

  it('a module without its type in the contract is named', async () => {
    await expect(fragmentText('type Query { a: Int }', ['Carousel'])).rejects.toThrow(/no object type Carousel/)
    expect(() => contractText('type Query { a: Int }', { blocks: [], locations: '' })).toThrow(
      /markers of its generated block types section are missing/,
    )
  })
})
