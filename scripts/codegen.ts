/**
 * `npm run codegen` (then gql.tada's own `generate output`): writes what the block types' content
 * modules declare into the files generated from them (scripts/lib/content-codegen.ts), and the
 * content files' JSON Schemas. tests/unit/content-codegen.test.ts fails when they are out of date.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { blockListFile, blockListText, blockTypes, contractFile, contractText, fragmentFile, fragmentText } from './lib/content-codegen'

function write(file: string, text: string): void {
  writeFileSync(file, text)
  console.log(`wrote ${file}`)
}

const types = blockTypes()
write(blockListFile, await blockListText(types))
// Loaded after the list is written, so a new block's module is in what they read.
const { blocks } = await import('../app/blocks/blocks.gen')
const { contentSchemaFiles, schemaFolder } = await import('./lib/content-schemas')
const locations = await import('../app/content-types/locations')
const contract = contractText(readFileSync(contractFile, 'utf8'), { blocks: Object.values(blocks), locations: locations.graphql })
write(contractFile, contract)
write(fragmentFile, await fragmentText(contract, types))
mkdirSync(schemaFolder, { recursive: true })
for (const { name, text } of contentSchemaFiles()) write(join(schemaFolder, name), text)
