/**
 * `npm run content:schemas`: writes content/schemas/*.json from the content's valibot schemas
 * (scripts/lib/content-schemas.ts). A test fails when they are out of date.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { contentSchemaFiles, schemaFolder } from './lib/content-schemas'

mkdirSync(schemaFolder, { recursive: true })
for (const { name, text } of contentSchemaFiles()) {
  writeFileSync(join(schemaFolder, name), text)
  console.log(`wrote ${join(schemaFolder, name)}`)
}
