import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import * as v from 'valibot'
import { parse as parseYaml } from 'yaml'
import {
  navigationFileSchema,
  pageFileSchema,
  siteFileSchema,
  locationsFileSchema,
  newsFileSchema,
  type LocationsFile,
  type NavigationFile,
  type NewsFile,
  type PageFile,
  type SiteFile,
} from './schema'

/**
 * A content file is invalid. The message names the file and the field path,
 * e.g. `content/pages/about.yaml: elements[2].image.width: expected number, got "abc"`,
 * because the person reading it is an editor with the file open, not a developer with a stack trace.
 */
export class ContentError extends Error {
  override name = 'ContentError'
}

/** How many problems one file reports; the rest are counted, so a broken file does not flood the log. */
const maxIssuesPerFile = 5

/** `elements[2].image.width` (array indices in brackets, as editors count list items). */
function fieldPath(issue: v.BaseIssue<unknown>): string {
  let path = ''
  for (const item of issue.path ?? []) {
    if (item.type === 'array') path += `[${String(item.key)}]`
    else path += path === '' ? String(item.key) : `.${String(item.key)}`
  }
  return path === '' ? '(file)' : path
}

function shortValue(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value)
  return json.length > 60 ? `${json.slice(0, 57)}...` : json
}

/** One problem in words: "missing", "unknown field", "expected number, got "abc"" or the rule's own message. */
function describeIssue(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema') {
    // A strict object reports an unknown key as a `never` expectation at that key.
    if (issue.expected === 'never') return 'unknown field (a typo?)'
    if (issue.input === undefined) return 'missing'
    return `expected ${issue.expected ?? 'another type'}, got ${issue.received}`
  }
  // A `check` judges the whole value: its message says everything.
  if (issue.type === 'check') return issue.message
  return `${issue.message}, got ${shortValue(issue.input)}`
}

function validate<TSchema extends v.GenericSchema>(schema: TSchema, data: unknown, file: string): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  const problems = result.issues.slice(0, maxIssuesPerFile).map((issue) => `${file}: ${fieldPath(issue)}: ${describeIssue(issue)}`)
  const more = result.issues.length - maxIssuesPerFile
  if (more > 0) problems.push(`${file}: ... and ${more} more problem${more === 1 ? '' : 's'}`)
  throw new ContentError(problems.join('\n'))
}

function readYaml(path: string, file: string): unknown {
  try {
    return parseYaml(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ContentError(`${file}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`)
  }
}

export interface RawContent {
  pages: Array<{ file: string; page: PageFile }>
  news: Array<{ file: string; item: NewsFile }>
  locations: LocationsFile['locations']
  site: SiteFile
  navigation: NavigationFile
  /** Display path of navigation.yaml, for reference errors found later. */
  navigationFile: string
}

/**
 * Reads and validates every content file under `dir`. File names in messages
 * start at the folder's own name (`content/pages/home.yaml`), wherever it lives.
 */
export function readContent(dir: string): RawContent {
  const root = join(dir, '..')
  const display = (path: string) => relative(root, path)
  const load = <TSchema extends v.GenericSchema>(schema: TSchema, path: string) => validate(schema, readYaml(path, display(path)), display(path))
  const yamlFiles = (folder: string) =>
    existsSync(folder)
      ? readdirSync(folder)
          .filter((name) => name.endsWith('.yaml'))
          .sort()
          .map((name) => join(folder, name))
      : []

  for (const required of ['site.yaml', 'navigation.yaml', 'pages']) {
    if (!existsSync(join(dir, required))) throw new ContentError(`${display(join(dir, required))}: missing`)
  }
  const pages = yamlFiles(join(dir, 'pages')).map((path) => ({ file: display(path), page: load(pageFileSchema, path) }))
  // News and locations are optional: without them the site shows an empty list.
  const news = yamlFiles(join(dir, 'news')).map((path) => ({ file: display(path), item: load(newsFileSchema, path) }))
  const locationsPath = join(dir, 'locations.yaml')
  const locations = existsSync(locationsPath) ? load(locationsFileSchema, locationsPath).locations : []
  const ids = new Set<string>()
  for (const [index, location] of locations.entries()) {
    if (ids.has(location.id)) throw new ContentError(`${display(locationsPath)}: locations[${index}].id: "${location.id}" is used twice`)
    ids.add(location.id)
  }
  const navigationPath = join(dir, 'navigation.yaml')
  return {
    pages,
    news,
    locations,
    site: load(siteFileSchema, join(dir, 'site.yaml')),
    navigation: load(navigationFileSchema, navigationPath),
    navigationFile: display(navigationPath),
  }
}
