/**
 * JSON Schemas of the content files, generated from the valibot schemas the embedded CMS
 * validates with (app/embedded-cms/content/schema.ts), for editors: a YAML-aware editor
 * completes field names and marks mistakes while typing. The server's own check stays the
 * judge (some rules, such as "texts in every language the page lists", are beyond JSON Schema).
 */
import { readdirSync } from 'node:fs'
import { sep } from 'node:path'
import { locationFileSchema } from '../../app/content-types/locations'
import { toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { navigationFileSchema, newsFileSchema, pageFileSchemaFor, siteFileSchema } from '../../app/embedded-cms/content/schema'

/** Where they are written, relative to the repository. */
export const schemaFolder = 'content/schemas'

/** Each content file kind: its schema file name, the schema, and the content files it describes (as a pattern and a glob). */
export const contentFileKinds: ReadonlyArray<{ name: string; title: string; schema: v.GenericSchema; files: RegExp; glob: string }> = [
  // Texts optional in every language: which ones a page needs depends on its `languages`.
  {
    name: 'page.json',
    title: 'A page (content/pages/*.yaml)',
    schema: pageFileSchemaFor([]),
    files: /^pages\/[^/]+\.yaml$/,
    glob: 'pages/*.yaml',
  },
  {
    name: 'news.json',
    title: 'A news item (content/news/*.yaml)',
    schema: newsFileSchema,
    files: /^news\/[^/]+\.yaml$/,
    glob: 'news/*.yaml',
  },
  { name: 'site.json', title: 'Site data (content/site.yaml)', schema: siteFileSchema, files: /^site\.yaml$/, glob: 'site.yaml' },
  {
    name: 'navigation.json',
    title: 'Menus (content/navigation.yaml)',
    schema: navigationFileSchema,
    files: /^navigation\.yaml$/,
    glob: 'navigation.yaml',
  },
  {
    name: 'location.json',
    title: 'A location (content/locations/*.yaml)',
    schema: locationFileSchema,
    files: /^locations\/[^/]+\.yaml$/,
    glob: 'locations/*.yaml',
  },
]

/** Every schema file's name and text, as `npm run content:schemas` writes it. */
export function contentSchemaFiles(): Array<{ name: string; text: string }> {
  return contentFileKinds.map(({ name, title, schema }) => {
    // Checks and transformations (trim, "page or url") have no JSON Schema form: left to the server.
    const json = { title, ...toJsonSchema(schema, { errorMode: 'ignore' }) }
    return { name, text: `${JSON.stringify(json, null, 2)}\n` }
  })
}

/**
 * `yaml.schemas` of .vscode/settings.json: each schema for its content files, paths from the
 * workspace root. A mapping rather than a `# yaml-language-server` line in each file, which
 * the admin (Decap) drops when it saves one.
 */
export function editorSchemaMapping(): Record<string, string> {
  return Object.fromEntries(contentFileKinds.map(({ name, glob }) => [`./${schemaFolder}/${name}`, `/content/${glob}`]))
}

/** The content files under `dir` (relative to it) with their kind's schema, in name order. */
export function contentFiles(dir: string): Array<{ file: string; schema: v.GenericSchema }> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(sep).join('/'))
    .filter((file) => file.endsWith('.yaml') && !file.split('/').some((part) => part.startsWith('.')))
    .sort()
  return files.flatMap((file) => {
    const kind = contentFileKinds.find(({ files: pattern }) => pattern.test(file))
    return kind ? [{ file, schema: kind.schema }] : []
  })
}
