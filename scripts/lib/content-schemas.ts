/**
 * JSON Schemas of the content files, generated from the valibot schemas the embedded CMS
 * validates with (app/embedded-cms/content/schema.ts), for editors: a YAML-aware editor
 * completes field names and marks mistakes while typing. The server's own check stays the
 * judge (some rules, such as "texts in every language the page lists", are beyond JSON Schema).
 */
import { readdirSync } from 'node:fs'
import { sep } from 'node:path'
import { toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import {
  locationsFileSchema,
  navigationFileSchema,
  newsFileSchema,
  pageFileSchemaFor,
  siteFileSchema,
} from '../../app/embedded-cms/content/schema'

/** Where they are written, relative to the repository. */
export const schemaFolder = 'content/schemas'

/** Each content file kind: its schema file name, the schema, and the content files it describes. */
export const contentFileKinds: ReadonlyArray<{ name: string; title: string; schema: v.GenericSchema; files: RegExp }> = [
  // Texts optional in every language: which ones a page needs depends on its `languages`.
  { name: 'page.json', title: 'A page (content/pages/*.yaml)', schema: pageFileSchemaFor([]), files: /^pages\/[^/]+\.yaml$/ },
  { name: 'news.json', title: 'A news item (content/news/*.yaml)', schema: newsFileSchema, files: /^news\/[^/]+\.yaml$/ },
  { name: 'site.json', title: 'Site data (content/site.yaml)', schema: siteFileSchema, files: /^site\.yaml$/ },
  { name: 'navigation.json', title: 'Menus (content/navigation.yaml)', schema: navigationFileSchema, files: /^navigation\.yaml$/ },
  { name: 'locations.json', title: 'Locations (content/locations.yaml)', schema: locationsFileSchema, files: /^locations\.yaml$/ },
]

/** Every schema file's name and text, as `npm run content:schemas` writes it. */
export function contentSchemaFiles(): Array<{ name: string; text: string }> {
  return contentFileKinds.map(({ name, title, schema }) => {
    // Checks and transformations (trim, "page or url") have no JSON Schema form: left to the server.
    const json = { title, ...toJsonSchema(schema, { errorMode: 'ignore' }) }
    return { name, text: `${JSON.stringify(json, null, 2)}\n` }
  })
}

/** The modeline that points a YAML editor at a content file's schema (`file` relative to the content folder). */
export function schemaModeline(file: string): string | undefined {
  const kind = contentFileKinds.find(({ files }) => files.test(file))
  if (!kind) return undefined
  const up = file.includes('/') ? '../' : './'
  return `# yaml-language-server: $schema=${up}schemas/${kind.name}`
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
