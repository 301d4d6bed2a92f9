/**
 * The editors' JSON Schemas (content/schemas/*.json) are generated from the valibot schemas:
 * they must be what `npm run content:schemas` writes today, and every content file must point
 * its editor at its schema.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentSchemaFiles, schemaFolder, schemaModeline } from '../../scripts/lib/content-schemas'

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return yamlFiles(path)
    return entry.name.endsWith('.yaml') ? [path] : []
  })
}

describe('content JSON Schemas', () => {
  it.each(contentSchemaFiles())('$name is up to date (run npm run content:schemas)', ({ name, text }) => {
    expect(readFileSync(join(schemaFolder, name), 'utf8')).toBe(text)
  })

  it('describe what the valibot schemas require', () => {
    const page = JSON.parse(readFileSync(join(schemaFolder, 'page.json'), 'utf8'))
    expect(JSON.stringify(page)).toContain('"additionalProperties":false')
    expect(JSON.stringify(page)).toContain('"TimelinePage"')
  })

  it.each(yamlFiles('content').map((file) => relative('content', file)))('content/%s names its schema on the first line', (file) => {
    const modeline = schemaModeline(file)
    expect(modeline).toBeDefined()
    expect(readFileSync(join('content', file), 'utf8').split('\n')[0]).toBe(modeline)
  })
})
