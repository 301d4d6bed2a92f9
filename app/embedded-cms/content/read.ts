import { hash } from 'node:crypto'
import { readdirSync, readFileSync, existsSync, lstatSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { imageSize } from 'image-size'
import { constructFromEvents, EVENT_ID, parseEvents, YAMLException, type Event } from 'js-yaml'
import * as v from 'valibot'
import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml'
import { contentLanguages } from '../../content-types/fields'
import { locationCountries, locationFileSchema, type LocationFile } from '../../content-types/locations'
import {
  navigationFileSchema,
  pageFileSchemaFor,
  siteFileSchema,
  newsFileSchema,
  type NavigationFile,
  type NewsFile,
  type PageFile,
  type SiteFile,
} from './schema'
import { mediaFileIn } from '../../media/media-files'
import { runAtOnce, type Steps } from './steps'

/**
 * A content file is invalid. The message names the file, the line and column and the field
 * path, e.g. `content/pages/about.yaml:14:9: elements[2].image.width: expected number, got "abc"`,
 * because the person reading it is an editor with the file open, not a developer with a stack trace.
 */
export class ContentError extends Error {
  override name = 'ContentError'
}

/** `elements[2].image.width` → `['elements', 2, 'image', 'width']`. */
function pathSegments(fieldPath: string): Array<string | number> {
  return [...fieldPath.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] === undefined ? (match[1] ?? '') : Number(match[2])))
}

/** The YAML document of a text, with its line positions (a ContentError with line and column when it is not YAML). */
function parseSource(file: string, text: string): { document: Document; lines: LineCounter } {
  const lines = new LineCounter()
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false })
  const [error] = document.errors
  if (error) {
    const { line, col } = lines.linePos(error.pos[0])
    throw new ContentError(`${file}:${line}:${col}: not valid YAML: ${error.message}`)
  }
  return { document, lines }
}

/**
 * What one content file may be, checked before it is parsed: a save from /admin and a start read
 * files the same way, so whatever a save passes, a cold start passes too. The largest file of the
 * content is a few tens of KB; a page of hundreds of KB would render a page no phone wants.
 */
export const contentFileLimits = { bytes: 256 * 1024, depth: 24 }

const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`

/** Where an anchor, alias or tag starts in a parser event (its `&`, `*` or `!`), or -1. */
function referenceAt(event: Event): number {
  // The parser's anchor offsets are of the name, after its `&` or `*`.
  if (event.type === EVENT_ID.ALIAS) return event.anchorStart - 1
  if (event.type === EVENT_ID.SCALAR || event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) {
    return event.anchorStart >= 0 ? event.anchorStart - 1 : event.tagStart
  }
  return -1
}

/**
 * The data of a content file's YAML text, or a ContentError naming file, line and column.
 * Bounded first: its size, its nesting, and no anchors, aliases or tags (Decap never writes them;
 * an alias repeats a value without its bytes, so a small file could stand for a huge one). js-yaml
 * builds plain values from parser events, without the document model `yaml` builds: many times faster
 * on large content (ADR 044). What it refuses goes to `yaml`, which names the place of a syntax error, or
 * gives the data when it accepts what js-yaml did not (an empty file is null). A file with a
 * directive (`%YAML 1.1`) goes to `yaml` too: js-yaml ignores it.
 */
export function parseContentYaml(file: string, text: string): unknown {
  const bytes = Buffer.byteLength(text)
  if (bytes > contentFileLimits.bytes) {
    throw new ContentError(`${file}: ${kilobytes(bytes)}; a content file holds at most ${kilobytes(contentFileLimits.bytes)} (split the page, or shorten its texts)`)
  }
  const lines = new LineCounter()
  lines.addNewLine(0)
  for (const match of text.matchAll(/\n/g)) lines.addNewLine(match.index + 1)
  const place = (offset: number) => {
    const { line, col } = lines.linePos(offset)
    return `${file}:${line}:${col}`
  }
  let events: Event[]
  try {
    events = parseEvents(text, { maxDepth: contentFileLimits.depth })
  } catch (error) {
    if (error instanceof YAMLException && error.reason.includes('maxDepth')) {
      throw new ContentError(`${place(error.mark?.position ?? 0)}: nested more than ${contentFileLimits.depth} levels deep`)
    }
    return parseSource(file, text).document.toJS({ maxAliasCount: 0 })
  }
  const reference = events.map(referenceAt).find((offset) => offset >= 0)
  if (reference !== undefined) {
    throw new ContentError(`${place(reference)}: anchors, aliases and tags (&name, *name, !tag) are not used in content; write the value out`)
  }
  const directives = events.some((event) => event.type === EVENT_ID.DOCUMENT && event.directives.length > 0)
  if (!directives) {
    try {
      const documents = constructFromEvents(events, { source: text, maxAliases: 0 })
      if (documents.length === 1) return documents[0]
    } catch {
      // A duplicate key and the like: `yaml` names the place.
    }
  }
  return parseSource(file, text).document.toJS({ maxAliasCount: 0 })
}

/**
 * The texts of the files read, so a problem found in the data (by valibot or by a reference
 * check) can name the line and column it comes from.
 */
export class ContentSources {
  readonly #files = new Map<string, { text: string; source?: { document: Document; lines: LineCounter } }>()

  /**
   * Parses a file's text (a ContentError with line and column when it is not YAML). The document
   * is not kept: thousands of them took more memory than a worker has; a file is
   * parsed again, by `yaml`, only to name a place in it.
   */
  parse(file: string, text: string): unknown {
    const data = parseContentYaml(file, text)
    this.#files.set(file, { text })
    return data
  }

  /** A file whose text was read, to name places in it. */
  add(file: string, text: string): void {
    this.#files.set(file, { text })
  }

  /**
   * `file:line:column` of a field: its key (or list item), or the nearest enclosing one that
   * exists when the field is missing; just the file when the file was not read here.
   */
  where(file: string, fieldPath: string): string {
    const parsed = this.#files.get(file)
    if (!parsed) return file
    // Documents are not kept (see parse): a file is parsed again only to name a place in it.
    parsed.source ??= parseSource(file, parsed.text)
    const source = parsed.source
    let node: unknown = source.document.contents
    let offset = 0
    const startOf = (value: unknown) => (isNode(value) ? (value.range?.[0] ?? offset) : offset)
    offset = startOf(node)
    for (const segment of pathSegments(fieldPath)) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment))
        if (!pair) break
        offset = startOf(pair.key)
        node = pair.value
      } else if (isSeq(node) && typeof segment === 'number' && segment < node.items.length) {
        node = node.items[segment]
        offset = startOf(node)
      } else break
    }
    const { line, col } = source.lines.linePos(offset)
    return `${file}:${line}:${col}`
  }

  /** A problem at a field, as an editor reads it: `file:line:column: field: problem`. */
  problem(file: string, fieldPath: string, message: string): string {
    return `${this.where(file, fieldPath)}: ${fieldPath === '' ? '(file)' : fieldPath}: ${message}`
  }
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
  return path
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

function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  data: unknown,
  file: string,
  sources: ContentSources,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  const problems = result.issues.slice(0, maxIssuesPerFile).map((issue) => sources.problem(file, fieldPath(issue), describeIssue(issue)))
  const more = result.issues.length - maxIssuesPerFile
  if (more > 0) problems.push(`${file}: ... and ${more} more problem${more === 1 ? '' : 's'}`)
  throw new ContentError(problems.join('\n'))
}

/**
 * The schema a page file is checked against: its texts are required in the languages it lists
 * (all of the site's without a list). A bad `languages` list is reported by the all-languages schema.
 */
function pageSchemaOf(data: unknown) {
  const own = v.safeParse(v.looseObject({ languages: contentLanguages }), data)
  return pageFileSchemaFor(own.success ? own.output.languages : undefined)
}

/** An image's intrinsic size in pixels. */
export interface ImageSize {
  width: number
  height: number
}

/** Where the site serves an image from: the content folder's media, else public/ (as in the sources, or as built). */
function imageFileOf(dir: string, src: string): string | undefined {
  return mediaFileIn(join(dir, 'media'), src) ?? publicFolders.map((root) => mediaFileIn(resolve(root), src, '/')).find(Boolean)
}
const publicFolders = ['public', '.output/public']

/** Images (objects with `src` and `alt`) that lack a width or height, anywhere in a validated file, with their field paths. */
function unsizedImages(value: unknown, at: string): Array<{ at: string; src: string }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => unsizedImages(item, `${at}[${index}]`))
  if (typeof value !== 'object' || value === null) return []
  const nested = Object.entries(value).flatMap(([key, item]) => unsizedImages(item, at === '' ? key : `${at}.${key}`))
  const src: unknown = Reflect.get(value, 'src')
  const unsized = Reflect.get(value, 'width') === undefined || Reflect.get(value, 'height') === undefined
  return typeof src === 'string' && 'alt' in value && unsized ? [{ at, src }, ...nested] : nested
}

/** The unsized images of each validated value, found once per value (an unchanged file keeps its value across reads). */
const unsizedOf = new WeakMap<object, Array<{ at: string; src: string }>>()

/**
 * Reads the size of every image in `files` that does not state it, from the image file (so
 * nobody types it by hand, and a replaced file brings its new size along). A file that cannot
 * be found or read is a problem at the image's `src`.
 */
function* measureImages(dir: string, files: Array<{ file: string; data: object }>, sources: ContentSources): Steps<Map<string, ImageSize>> {
  const sizes = new Map<string, ImageSize>()
  for (const { file, data } of files) {
    let unsized = unsizedOf.get(data)
    if (!unsized) {
      unsized = unsizedImages(data, '')
      unsizedOf.set(data, unsized)
    }
    for (const { at, src } of unsized) {
      if (sizes.has(src)) continue
      const path = imageFileOf(dir, src)
      const where = `${at}.src`
      if (!path) {
        throw new ContentError(
          sources.problem(file, where, `no image ${src} in the content folder's media/ or in public/ to read width and height from (add the file, or give width and height)`),
        )
      }
      try {
        const { width, height } = imageSize(readFileSync(path))
        sizes.set(src, { width, height })
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new ContentError(sources.problem(file, where, `cannot read the size of ${src} (${reason}); give width and height`))
      }
      yield
    }
  }
  return sizes
}

export interface RawContent {
  /** `modified`: the file's modification time, the page's lastEdited when it states none. */
  pages: Array<{ file: string; page: PageFile; modified: string }>
  news: Array<{ file: string; item: NewsFile }>
  /** In the site's order: by country (the list's country order), then city. `modified`: the file's modification time, the location's lastEdited when it states none. */
  locations: Array<{ file: string; location: LocationFile; modified: string }>
  site: SiteFile
  navigation: NavigationFile
  /** Display path of navigation.yaml, for reference errors found later. */
  navigationFile: string
  /** Where each field is, for problems found later (references between files). */
  sources: ContentSources
  /** Sizes read from the files of images that state none, by src. */
  imageSizes: ReadonlyMap<string, ImageSize>
}

/** A file's text and what it validated to. The value is shared by every read that reuses it (and the content built from it): nothing may change it. */
interface Checked<T> {
  text: string
  value: T
}

interface FileKinds {
  page: PageFile
  news: NewsFile
  location: LocationFile
  site: SiteFile
  navigation: NavigationFile
}

/** Each kind's files of a read, by display path. */
type CheckedFiles = { [K in keyof FileKinds]: Map<string, Checked<FileKinds[K]>> }

const noFiles = (): CheckedFiles => ({ page: new Map(), news: new Map(), location: new Map(), site: new Map(), navigation: new Map() })

/**
 * The files of the last complete read: the next one parses and validates only files whose text
 * changed since (a failed read stops midway and is not kept). With thousands of news items,
 * parsing and validating every file was most of a reload; an edit changes one file.
 * The text is compared whole, so coarse modification times cannot serve a stale file.
 */
let lastRead: CheckedFiles = noFiles()

/**
 * YAML parsed by an earlier process (parse-cache.server.ts), so a start-up does not parse every
 * file again: parsing was most of a start with thousands of news items. Keyed by a
 * digest of the file's text (`textDigest`), so a changed file is parsed again whatever its
 * modification time says; the data is validated again like freshly parsed data.
 */
export interface ParsedFiles {
  /** The data of files parsed earlier, by digest of their text. */
  earlier: ReadonlyMap<string, unknown>
  /** Filled by a read: the data of each file it parsed or found in `earlier`, by digest (what to keep for the next start). */
  now: Map<string, unknown>
}

/** The key of a file's text in ParsedFiles. */
export const textDigest = (text: string): string => hash('sha256', text, 'base64url')

/** Code-point order: the same on every machine (no locale collation data). */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The site's order of locations: by country as the list's selector orders them, then city, then id (not file order: ADR 098). */
function siteOrder(a: { location: LocationFile }, b: { location: LocationFile }): number {
  const country = (entry: { location: LocationFile }) => locationCountries.indexOf(entry.location.address.country)
  return country(a) - country(b) || byText(a.location.address.city, b.location.address.city) || byText(a.location.id, b.location.id)
}

/**
 * Reads and validates every content file under `dir`. File names in messages
 * start at the folder's own name (`content/pages/home.yaml`), wherever it lives.
 */
export function readContent(dir: string): RawContent {
  return runAtOnce(readContentSteps(dir))
}

/**
 * The folder inside the content folder where the admin keeps unpublished entries, mirroring the
 * content's paths (`drafts/pages/<id>.yaml`); never read for visitors, read over the content
 * in preview mode (ADR 092; app/server/admin/drafts.server.ts writes it).
 */
export const draftsFolder = 'drafts'

/** A file's text read in place of what is on disk (or beside it, for a new file): the admin's preview of unsaved values. */
export interface ReplacedFile {
  /** The file's absolute path. */
  file: string
  text: string
}

/** What a read puts over the files on disk. */
export interface ReadOverlay {
  /** A folder mirroring `dir` (the drafts): a file there is read instead of the one of the same name in `dir`, and a file only there is read too. */
  drafts?: string
  /** One file's text, over both (ADR 099): a read that is never kept as the last read, as it is not what is on disk. */
  replaced?: ReplacedFile
}

/**
 * readContent in steps (steps.ts): one step per file. With `parsed`, YAML parsed earlier is
 * looked up there first; `overlay` puts drafts or unsaved text over the files.
 */
export function* readContentSteps(dir: string, parsed?: ParsedFiles, { drafts: overlay, replaced }: ReadOverlay = {}): Steps<RawContent> {
  const root = join(dir, '..')
  const display = (path: string) => relative(root, path)
  const sources = new ContentSources()
  const read = noFiles()
  /** A file's YAML as data: parsed earlier when `parsed` has its text, else parsed now. */
  const dataOf = (file: string, text: string): unknown => {
    if (!parsed) return sources.parse(file, text)
    const digest = textDigest(text)
    let data: unknown
    if (parsed.earlier.has(digest)) {
      data = parsed.earlier.get(digest)
      sources.add(file, text)
    } else data = sources.parse(file, text)
    parsed.now.set(digest, data)
    return data
  }
  /** A file's validated value: the last read's when its text is the same, else parsed and checked. */
  const checked = <K extends keyof FileKinds>(kind: K, path: string, check: (data: unknown, file: string) => FileKinds[K]): FileKinds[K] => {
    const file = display(path)
    const text = path === replaced?.file ? replaced.text : readFileSync(path, 'utf8')
    const earlier = lastRead[kind].get(file)
    if (earlier?.text === text) {
      sources.add(file, text)
      read[kind].set(file, earlier)
      return earlier.value
    }
    const value = check(dataOf(file, text), file)
    read[kind].set(file, { text, value })
    return value
  }
  const load = <K extends keyof FileKinds>(kind: K, schema: v.GenericSchema<unknown, FileKinds[K]>, path: string) =>
    checked(kind, path, (data, file) => validate(schema, data, file, sources))
  const namesIn = (folder: string) =>
    existsSync(folder)
      ? readdirSync(folder, { withFileTypes: true })
          // Hidden files are an editor's temporary copies and lock files (`.#about.yaml`), never content; the watcher ignores them too.
          // Only regular files: a link could lead out of the folder, and the admin's save check skips links too.
          .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml') && !entry.name.startsWith('.'))
          .map((entry) => entry.name)
      : []
  /** The file read for a path of `dir`: the unsaved text's, else the overlay's of that name when there is one (a regular file). */
  const pick = (path: string) => {
    if (overlay === undefined || path === replaced?.file) return path
    const over = join(overlay, relative(dir, path))
    return existsSync(over) && lstatSync(over).isFile() ? over : path
  }
  const yamlFiles = (folder: string) => {
    const names = new Set(namesIn(folder))
    if (overlay !== undefined) for (const name of namesIn(join(overlay, relative(dir, folder)))) names.add(name)
    // A new entry's file, not on disk yet.
    if (replaced && dirname(replaced.file) === folder) names.add(basename(replaced.file))
    return [...names].sort().map((name) => pick(join(folder, name)))
  }
  /** A file's modification time; now for a replaced file that is not on disk. */
  const modifiedOf = (path: string) =>
    path === replaced?.file && !existsSync(path) ? new Date().toISOString() : statSync(path).mtime.toISOString()

  for (const required of ['site.yaml', 'navigation.yaml', 'pages']) {
    if (!existsSync(join(dir, required))) throw new ContentError(`${display(join(dir, required))}: missing`)
  }
  const pages: RawContent['pages'] = []
  for (const path of yamlFiles(join(dir, 'pages'))) {
    const page = checked('page', path, (data, file) => validate(pageSchemaOf(data), data, file, sources))
    pages.push({ file: display(path), page, modified: modifiedOf(path) })
    yield
  }
  // News and locations are optional: without them the site shows an empty list.
  const news: RawContent['news'] = []
  for (const path of yamlFiles(join(dir, 'news'))) {
    news.push({ file: display(path), item: load('news', newsFileSchema, path) })
    yield
  }
  // One file per location since ADR 098: the single file of before is refused, not ignored (the site would show no locations).
  const singleFile = join(dir, 'locations.yaml')
  if (existsSync(singleFile)) {
    throw new ContentError(
      `${display(singleFile)}: locations are now one file each in ${display(join(dir, 'locations'))}/; split this file with \`npm run content:split-locations -- ${display(dir)}\``,
    )
  }
  const locations: RawContent['locations'] = []
  const fileOfId = new Map<string, string>()
  for (const path of yamlFiles(join(dir, 'locations'))) {
    const file = display(path)
    const location = load('location', locationFileSchema, path)
    const other = fileOfId.get(location.id)
    if (other) throw new ContentError(sources.problem(file, 'id', `"${location.id}" is also the id of ${other}`))
    fileOfId.set(location.id, file)
    locations.push({ file, location, modified: modifiedOf(path) })
    yield
  }
  locations.sort(siteOrder)
  const navigationPath = pick(join(dir, 'navigation.yaml'))
  const sitePath = pick(join(dir, 'site.yaml'))
  const site = load('site', siteFileSchema, sitePath)
  const imageSizes = yield* measureImages(
    dir,
    [
      ...pages.map(({ file, page }) => ({ file, data: page })),
      ...news.map(({ file, item }) => ({ file, data: item })),
      { file: display(sitePath), data: site },
    ],
    sources,
  )
  const navigation = load('navigation', navigationFileSchema, navigationPath)
  if (!replaced) lastRead = read
  return {
    pages,
    news,
    locations,
    site,
    navigation,
    navigationFile: display(navigationPath),
    sources,
    imageSizes,
  }
}
