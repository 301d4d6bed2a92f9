/**
 * The editors' JSON Schemas (content/schemas/*.json) are generated from the valibot schemas:
 * they must be what `npm run content:schemas` writes today, and VS Code's settings must map
 * every content file to its schema (the admin drops a `# yaml-language-server` line on save).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentFileKinds, contentSchemaFiles, editorSchemaMapping, schemaFolder } from '../../scripts/lib/content-schemas'

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return yamlFiles(path)
    return entry.name.endsWith('.yaml') ? [path] : []
  })
}

/** `pages/*.yaml` as a regular expression (`*`: one path segment). */
const globPattern = (glob: string) => new RegExp(`^${glob.replaceAll('.', '\\.').replaceAll('*', '[^/]+')}$`)

describe('content JSON Schemas', () => {
  it.each(contentSchemaFiles())('$name is up to date (run npm run content:schemas)', ({ name, text }) => {
    expect(readFileSync(join(schemaFolder, name), 'utf8')).toBe(text)
  })

  it('describe what the valibot schemas require', () => {
    const page = JSON.parse(readFileSync(join(schemaFolder, 'page.json'), 'utf8'))
    expect(JSON.stringify(page)).toContain('"additionalProperties":false')
    expect(JSON.stringify(page)).toContain('"TimelinePage"')
  })

  it('.vscode/settings.json maps each schema to its content files', () => {
    // JSON with comments: whole-line comments only in that file.
    const settings: unknown = JSON.parse(
      readFileSync('.vscode/settings.json', 'utf8')
        .split('\n')
        .filter((line) => !line.trim().startsWith('//'))
        .join('\n'),
    )
    expect(settings).toMatchObject({ 'yaml.schemas': editorSchemaMapping() })
  })

  it.each(yamlFiles('content').map((file) => relative('content', file)))('content/%s is mapped to a schema, without a modeline', (file) => {
    const kinds = contentFileKinds.filter(({ files, glob }) => files.test(file) && globPattern(glob).test(file))
    expect(kinds).toHaveLength(1)
    expect(readFileSync(join('content', file), 'utf8')).not.toContain('yaml-language-server')
  })
})
