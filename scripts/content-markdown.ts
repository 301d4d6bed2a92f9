/**
 * `npm run content:markdown`: rewrites the rich-text fields of the content files from HTML to
 * Markdown (scripts/lib/content-markdown.ts), in place. Rerunnable: fields already in Markdown
 * are left as they are. `--check` writes nothing and exits 1 when a field would change.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { contentFiles } from './lib/content-schemas'
import { migrateFile } from './lib/content-markdown'

const check = process.argv.includes('--check')
const dir = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'content'
let changed = 0
for (const { file, schema } of contentFiles(dir)) {
  const path = join(dir, file)
  const before = readFileSync(path, 'utf8')
  const { text, fields } = migrateFile(before, schema)
  if (fields.length === 0) continue
  changed += fields.length
  for (const field of fields) console.log(`${join(dir, file)}: ${field.path.join('.')}: ${check ? 'still HTML' : 'now Markdown'}`)
  if (!check) writeFileSync(path, text)
}
console.log(
  changed === 0 ? 'All rich text is Markdown.' : `${changed} field${changed === 1 ? '' : 's'} ${check ? 'to migrate' : 'migrated'}.`,
)
if (check && changed > 0) process.exitCode = 1
