/**
 * The content's texts as PO catalogs for translators (docs/decisions/059-content-translations-in-po.md).
 * The YAML in the content folder stays the one store of every language; a catalog per language
 * (`app/locales/<lang>/content.po`) is what translators exchange:
 *
 * - extract: an entry per translatable text (a rich text's paragraph, heading or list item),
 *   msgctxt a stable key, msgid the Dutch, msgstr the language's text from the YAML. The previous
 *   catalog is the memory: an entry whose Dutch changed keeps its translation, fuzzy.
 * - apply: translated, non-fuzzy entries are written into the YAML (yaml-edit keeps comments and
 *   order), unless the YAML's text changed since the catalog last saw it (a conflict).
 */
import { hash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { basename, isAbsolute, join, relative, resolve } from 'node:path'
import * as v from 'valibot'
import { parse } from 'yaml'
import { languages, localeCodes, defaultLocale, type Locale } from '../../app.config.ts'
import { editedYaml, stampKind, stamped } from '../../app/embedded-cms/admin/yaml-edit.ts'
import { ContentSources } from '../../app/embedded-cms/content/read.ts'
import { newsFileSchema, pageFileSchemaFor, siteFileSchema } from '../../app/embedded-cms/content/schema.ts'
import { actionOf, entriesOf, get, isPerLocale, shapeOf, variantName, variantOptions } from '../../app/embedded-cms/content/schema-shape.ts'
import { locationFileSchema } from '../../app/content-types/locations.ts'
import { richText } from '../../app/content-types/fields.ts'
import { parsePo, serializePo, type PoEntry, type PoFile } from './content-po.ts'
import { catalogProblems } from './content-checks.ts'
import { joinPieces, markdownPieces, markdownSegments } from './content-segments.ts'

/** The languages translated from the Dutch. */
export const targetLocales: Locale[] = localeCodes.filter((locale) => locale !== defaultLocale)

/** One text of the content: a `{ nl, en, … }` object in a file. */
export interface ContentText {
  /** Stable key: `pages/about:elements[about-hero].subtitle`. */
  key: string
  /** From the project root: `content/pages/about.yaml`. */
  file: string
  /** Keys and list indices to the text's object in the file's data. */
  path: Array<string | number>
  rich: boolean
  /** For translators: which page, block and field; the maximum length. */
  hint: string
  /** The languages the page or item exists in. */
  locales: Locale[]
  values: Partial<Record<string, string>>
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Short hash of a YAML text as the catalog last saw it (`#. was: …`); `-` when there was none. */
export const shortHash = (text: string | undefined): string => (text === undefined ? '-' : hash('sha256', text, 'base64url').slice(0, 10))

const wasPrefix = 'was: '

/** The texts found in `data` along `schema`; id-keyed where list items have ids. */
function walk(
  schema: unknown,
  data: unknown,
  path: Array<string | number>,
  key: string,
  where: string[],
  found: (text: Omit<ContentText, 'file' | 'locales'>) => void,
): void {
  const shape = shapeOf(schema)
  if (Array.isArray(data)) {
    if (shape.type !== 'array') return
    const item = get(shape.node, 'item')
    const idOf = (value: unknown) => (isRecord(value) && typeof value.id === 'string' ? value.id : undefined)
    const ids = data.map(idOf)
    data.forEach((value, index) => {
      // An id two items share cannot tell them apart: those fall back to their index.
      const own = idOf(value)
      const id = own !== undefined && ids.indexOf(own) === ids.lastIndexOf(own) ? own : undefined
      const type = isRecord(value) && typeof value.type === 'string' ? value.type : undefined
      const label = [type ? `${type} block` : 'item', id ?? `${index + 1}`].join(' ')
      walk(item, value, [...path, index], `${key}[${id ?? index}]`, [...where, label], found)
    })
    return
  }
  if (!isRecord(data)) return
  if (shape.type === 'variant') {
    const variantKey = get(shape.node, 'key')
    const option = variantOptions(shape).find((o) => typeof variantKey === 'string' && variantName(o) === data[variantKey])
    if (option) walk(option.node, data, path, key, where, found)
    return
  }
  if (shape.type !== 'strict_object' && shape.type !== 'object') return
  if (isPerLocale(shape)) {
    const valueSchema = entriesOf(shape)[0]?.[1]
    const value = shapeOf(valueSchema)
    // Addresses (urlSegment, slug) follow rules of their own and change links: not translators' texts.
    if (actionOf(value, 'regex')) return
    const maxLength = actionOf(value, 'max_length')
    const max = maxLength ? get(maxLength, 'requirement') : undefined
    const values: Record<string, string> = {}
    for (const locale of localeCodes) if (typeof data[locale] === 'string') values[locale] = data[locale]
    const rich = value.layers.includes(richText)
    const hint = [
      where.join(', '),
      rich ? 'Markdown: keep **bold**, [links](…) and {placeholders}' : '',
      typeof max === 'number' ? `at most ${max} characters` : '',
    ]
      .filter(Boolean)
      .join('; ')
    found({ key, path, rich, hint, values })
    return
  }
  for (const [name, entry] of entriesOf(shape)) {
    if (!(name in data)) continue
    walk(entry, data[name], [...path, name], key.endsWith(':') ? `${key}${name}` : `${key}.${name}`, [...where, name], found)
  }
}

export interface ContentFile {
  /** As the catalogs name it: from the project root (`content/pages/about.yaml`). */
  file: string
  /** On disk. */
  path: string
  text: string
  data: unknown
}

/** The languages a page or news item lists; all of the site's when it lists none. */
function languagesOf(data: unknown): Locale[] {
  const listed: unknown = isRecord(data) ? data.languages : undefined
  return Array.isArray(listed) ? localeCodes.filter((l) => listed.includes(l)) : [...localeCodes]
}

/**
 * A content file's name in the catalogs: from the project root, or, for a content folder outside
 * it (an absolute CONTENT_DIR), from the folder around it (`content/pages/about.yaml`), so the
 * catalogs do not change with where the folder is.
 */
function nameOf(root: string, contentDir: string, path: string): string {
  const inRoot = relative(root, contentDir)
  const outside = inRoot.startsWith('..') || isAbsolute(inRoot)
  return outside ? join(basename(contentDir), relative(contentDir, path)) : relative(root, path)
}

/** The content files with texts, in a fixed order, with the schema each is read with. */
function contentFiles(root: string, contentDir: string): Array<ContentFile & { schema: unknown; prefix: string; label: string }> {
  const found: Array<ContentFile & { schema: unknown; prefix: string; label: string }> = []
  const add = (path: string, prefix: string, label: string, schemaOf: (data: unknown) => unknown) => {
    if (!existsSync(path)) return
    const text = readFileSync(path, 'utf8')
    const data: unknown = parse(text)
    found.push({ file: nameOf(root, contentDir, path), path, text, data, schema: schemaOf(data), prefix, label })
  }
  add(join(contentDir, 'site.yaml'), 'site', 'Site settings', () => siteFileSchema)
  const kinds = { pages: 'Page', news: 'News item', locations: 'Location' } as const
  for (const folder of ['pages', 'news', 'locations'] as const) {
    const dir = join(contentDir, folder)
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.yaml') && !n.startsWith('.'))
      .sort()) {
      const id = name.slice(0, -'.yaml'.length)
      add(join(dir, name), `${folder}/${id}`, `${kinds[folder]} ${id}`, (data) =>
        folder === 'pages' ? pageFileSchemaFor(languagesOf(data)) : folder === 'news' ? newsFileSchema : locationFileSchema,
      )
    }
  }
  return found
}

export interface ContentModel {
  files: ContentFile[]
  texts: ContentText[]
  sources: ContentSources
}

/** Every translatable text of the content folder. */
export function readContentTexts(root: string, contentDir: string): ContentModel {
  const files = contentFiles(root, contentDir)
  const sources = new ContentSources()
  const texts: ContentText[] = []
  for (const file of files) {
    sources.add(file.file, file.text)
    const locales = languagesOf(file.data)
    walk(file.schema, file.data, [], `${file.prefix}:`, [file.label], (text) => texts.push({ ...text, file: file.file, locales }))
  }
  return { files, texts, sources }
}

/** `elements[2].subtitle.en`, as ContentSources names places. */
const fieldPath = (path: Array<string | number>) =>
  path.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join('')

/** `content/pages/about.yaml:20` of a text's value in a language (its object when that is missing). */
function lineOf(model: ContentModel, text: ContentText, locale: string): string {
  return model.sources.where(text.file, fieldPath([...text.path, locale])).replace(/:\d+$/, '')
}

/** The Dutch pieces of a text: one for a plain text, its paragraphs, headings and items for rich text. */
function dutchSegments(text: ContentText): string[] {
  const dutch = text.values[defaultLocale] ?? ''
  return text.rich ? markdownSegments(dutch) : [dutch]
}

/** The entries' keys of a text, one per Dutch segment. */
function keysOf(text: ContentText, count: number): string[] {
  return text.rich ? Array.from({ length: count }, (_, i) => `${text.key}#${i + 1}`) : [text.key]
}

/** A language's segments lined up with the Dutch ones, when they line up (the same count). */
function alignedSegments(text: ContentText, locale: string, count: number): string[] | undefined {
  const value = text.values[locale]
  if (value === undefined) return undefined
  if (!text.rich) return [value]
  const segments = markdownSegments(value)
  return segments.length === count ? segments : undefined
}

const wasOf = (entry: PoEntry | undefined): string | undefined =>
  entry?.comments.find((c) => c.startsWith(wasPrefix))?.slice(wasPrefix.length)

/** What the catalog says about one text in one language. */
export type TextState = { kind: 'none' } | { kind: 'apply'; value: string } | { kind: 'conflict'; entry: PoEntry }

/**
 * Whether a catalog's translation of `text` goes into the YAML: all its entries translated,
 * reviewed and made from today's Dutch, and the YAML's text unchanged since the catalog saw it.
 */
export function textState(text: ContentText, locale: string, byKey: Map<string, PoEntry>): TextState {
  const dutch = dutchSegments(text)
  const entries = keysOf(text, dutch.length).map((key) => byKey.get(key))
  const first = entries[0]
  if (!first) return { kind: 'none' }
  const translations: string[] = []
  for (const [index, entry] of entries.entries()) {
    // A blank msgstr is no translation (the schema would refuse it in the YAML).
    if (!entry || entry.fuzzy || !entry.translation.trim() || entry.id !== dutch[index]) return { kind: 'none' }
    translations.push(entry.translation)
  }
  const value = text.rich ? joinPieces(markdownPieces(text.values[defaultLocale] ?? ''), translations) : (translations[0] ?? '')
  const current = text.values[locale]
  if (current === value) return { kind: 'none' }
  if (current === undefined || shortHash(current) === wasOf(first)) return { kind: 'apply', value }
  return { kind: 'conflict', entry: first }
}

export interface CatalogFileState {
  locale: Locale
  /** From the project root. */
  file: string
  po: PoFile | undefined
}

export function catalogPath(locale: string): string {
  return `app/locales/${locale}/content.po`
}

export function readContentCatalogs(root: string): CatalogFileState[] {
  return targetLocales.map((locale) => {
    const file = catalogPath(locale)
    const path = join(root, file)
    return { locale, file, po: existsSync(path) ? parsePo(readFileSync(path, 'utf8'), file) : undefined }
  })
}

const byKeyOf = (po: PoFile | undefined) => new Map((po?.entries ?? []).map((entry) => [entry.context, entry]))

const headerComments = [
  'Texts of the Autogroep website content (pages, news, site settings). How to translate: docs/translating.md',
  'msgctxt is where the text is; do not change it. Rich text is Markdown, a paragraph, heading or list item',
  'per entry: keep **bold**, [link text](target) targets and {placeholders}. A "fuzzy" entry waits for',
  'review: the Dutch changed since it was translated (the previous Dutch is in the #| lines).',
]

/**
 * The catalog's headers: ours, with what a PO editor wrote kept (its Last-Translator, a Language
 * it names with a region, `de_DE`, Weblate's Plural-Forms, its own X-Generator and the like), so
 * a catalog saved by Poedit or Weblate is still what extract writes.
 */
function headersFor(locale: Locale, old: PoFile | undefined): Array<[string, string]> {
  const existing = new Map(old?.headers ?? [])
  const language = languages.find((l) => l.code === locale)
  const oldLanguage = existing.get('Language') ?? ''
  const ours: Array<[string, string]> = [
    ['Project-Id-Version', existing.get('Project-Id-Version') || 'autogroep-site content'],
    ['PO-Revision-Date', existing.get('PO-Revision-Date') || '2026-11-29 00:00+0000'],
    ['Last-Translator', existing.get('Last-Translator') ?? ''],
    ['Language-Team', existing.get('Language-Team') || (language?.name ?? locale)],
    ['Language', new RegExp(`^${locale}(?:[_-][A-Za-z]+)?$`).test(oldLanguage) ? oldLanguage : locale],
    ['MIME-Version', '1.0'],
    ['Content-Type', 'text/plain; charset=UTF-8'],
    ['Content-Transfer-Encoding', '8bit'],
    // The content has no plurals: any valid formula does (msgfmt -c checks it).
    ['Plural-Forms', existing.get('Plural-Forms') || (language?.pluralForms ?? 'nplurals=2; plural=(n != 1);')],
  ]
  const named = new Set(ours.map(([name]) => name))
  return [...ours, ...(old?.headers ?? []).filter(([name]) => !named.has(name))]
}

/**
 * A language's catalog for today's content, merged with the catalog as it was: like
 * `msgmerge --previous`, a text whose Dutch changed keeps its translation, fuzzy, with the Dutch
 * it was made from as the previous msgid. Whichever of YAML and catalog changed since the last
 * extract wins; a text in conflict keeps the catalog's entries as they are.
 */
export function mergedCatalog(model: ContentModel, locale: Locale, old: PoFile | undefined): PoFile {
  const oldByKey = byKeyOf(old)
  const entries: PoEntry[] = []
  const seen = new Set<string>()
  for (const text of model.texts) {
    if (!text.locales.includes(locale) || text.values[defaultLocale] === undefined || seen.has(text.key)) continue
    seen.add(text.key)
    const dutch = dutchSegments(text)
    const keys = keysOf(text, dutch.length)
    const reference = lineOf(model, text, locale)
    const yaml = text.values[locale]
    const yamlHash = shortHash(yaml)
    const aligned = alignedSegments(text, locale, dutch.length)
    const conflict = textState(text, locale, oldByKey).kind === 'conflict'
    // Whether the catalog held exactly the YAML's text when it was last written: then an editor's
    // newer text may replace its entries. Otherwise a translator changed them since (in part, or
    // fuzzy), and that work is kept against the old hash, so applying reports the conflict.
    const oldTranslations = keys.map((key) => oldByKey.get(key)?.translation ?? '')
    const oldText = text.rich ? joinPieces(markdownPieces(text.values[defaultLocale] ?? ''), oldTranslations) : (oldTranslations[0] ?? '')
    const catalogWasYaml = oldTranslations.every(Boolean) && shortHash(oldText) === wasOf(oldByKey.get(keys[0] ?? text.key))
    // Old entries of this text, for a paragraph that moved (a Dutch paragraph added above it).
    const oldOfText = (old?.entries ?? []).filter((e) => e.context === text.key || e.context.startsWith(`${text.key}#`))
    dutch.forEach((id, index) => {
      const key = keys[index] ?? text.key
      const before = oldByKey.get(key)
      const comments = [`${text.hint}${text.rich ? ` (part ${index + 1} of ${dutch.length})` : ''}`]
      const entry: PoEntry = { context: key, id, translation: '', fuzzy: false, comments, references: [reference] }
      // The YAML's text changed since the last extract (an editor's edit, or a translation applied): it is newer.
      const yamlChanged = wasOf(before ?? oldOfText[0]) !== yamlHash
      const translatorsWork = yamlChanged && !catalogWasYaml && before?.translation && before.translation !== (aligned?.[index] ?? '')
      if ((conflict || translatorsWork) && before) {
        entries.push({ ...before, comments: [...comments, `${wasPrefix}${wasOf(before) ?? '-'}`], references: [reference] })
        return
      }
      entry.comments.push(`${wasPrefix}${yamlHash}`)
      const moved = oldOfText.find((e) => e.id === id && !e.fuzzy && e.translation)
      if (before && before.id === id) {
        if (yamlChanged && aligned) entry.translation = aligned[index] ?? ''
        else {
          entry.translation = before.translation
          entry.fuzzy = before.fuzzy
          entry.previousId = before.previousId
        }
      } else if (moved) entry.translation = yamlChanged && aligned ? (aligned[index] ?? '') : moved.translation
      else if (before && !dutch.includes(before.id) && !(yamlChanged && aligned)) {
        entry.translation = before.translation || (aligned?.[index] ?? '')
        entry.fuzzy = entry.translation !== ''
        if (entry.fuzzy) entry.previousId = before.fuzzy && before.previousId !== undefined ? before.previousId : before.id
      } else entry.translation = aligned?.[index] ?? ''
      entries.push(entry)
    })
  }
  return { headerComments: old?.headerComments.length ? old.headerComments : headerComments, headers: headersFor(locale, old), entries }
}

export interface ApplyResult {
  /** Files from the project root that were changed. */
  changed: string[]
  applied: number
  /** One line each, naming the YAML's place and the catalog's. */
  conflicts: string[]
}

function setAt(data: unknown, path: Array<string | number>, locale: string, value: string): void {
  let node: unknown = data
  for (const segment of path)
    node = Array.isArray(node) && typeof segment === 'number' ? node[segment] : isRecord(node) ? node[segment] : undefined
  if (isRecord(node)) node[locale] = value
}

/**
 * Writes the catalogs' finished translations into the YAML; reports conflicts and leaves them.
 * A file written gets its `lastEdited` as an admin save sets it (a page's own, a changed
 * location's): the sitemap's date follows what visitors of that language read.
 */
export function applyContentTranslations(root: string, contentDir: string, now = new Date()): ApplyResult {
  const model = readContentTexts(root, contentDir)
  const result: ApplyResult = { changed: [], applied: 0, conflicts: [] }
  const updated = new Map<string, unknown>()
  for (const { locale, file, po } of readContentCatalogs(root)) {
    const byKey = byKeyOf(po)
    for (const text of model.texts) {
      if (!text.locales.includes(locale)) continue
      const state = textState(text, locale, byKey)
      if (state.kind === 'conflict') {
        result.conflicts.push(
          `${lineOf(model, text, locale)}: ${locale} ${text.key}: the YAML's text changed since the catalog was extracted and differs from ${file}:${state.entry.line ?? 0}; keep one of them (edit the YAML or the msgstr), then run npm run extract`,
        )
      } else if (state.kind === 'apply') {
        const data = updated.get(text.file) ?? model.files.find((f) => f.file === text.file)?.data
        setAt(data, text.path, locale, state.value)
        updated.set(text.file, data)
        text.values[locale] = state.value
        result.applied++
      }
    }
  }
  for (const [file, data] of updated) {
    // Checked as the server will read it: a translation it would refuse (too long, a broken
    // value) must not stop the site at its next start. The file is left as it is.
    const schema = fileSchema(file, data)
    const checked = schema ? v.safeParse(schema, data) : undefined
    if (checked && !checked.success) {
      const issue = checked.issues[0]
      const where = issue ? (v.getDotPath(issue) ?? '') : ''
      result.conflicts.push(
        `${file}: not written: with the catalogs' translations ${where} ${issue?.message ?? 'is invalid'}; fix the msgstr, then run npm run extract`,
      )
      continue
    }
    const source = model.files.find((f) => f.file === file)
    if (!source) continue
    // Written whole or not at all: the running server watches the folder and reads what it finds.
    const scratch = `${source.path}.translations-${process.pid}`
    const value = stamped(stampKind(join(basename(contentDir), relative(contentDir, source.path))), parse(source.text), data, now)
    writeFileSync(scratch, editedYaml(source.text, value))
    renameSync(scratch, source.path)
    result.changed.push(file)
  }
  return result
}

/** The schema a content file is read with, by its place in the content folder. */
function fileSchema(file: string, data: unknown): v.GenericSchema | undefined {
  if (/(?:^|\/)pages\/[^/]+\.yaml$/.test(file)) return pageFileSchemaFor(languagesOf(data))
  if (/(?:^|\/)news\/[^/]+\.yaml$/.test(file)) return newsFileSchema
  if (/(?:^|\/)site\.yaml$/.test(file)) return siteFileSchema
  if (/(?:^|\/)locations\/[^/]+\.yaml$/.test(file)) return locationFileSchema
  return undefined
}

/** Each language's catalog text for today's content (what extract writes). */
export function contentCatalogTexts(
  root: string,
  contentDir: string,
): Array<{ locale: Locale; file: string; text: string; old: string | undefined }> {
  const model = readContentTexts(root, contentDir)
  return readContentCatalogs(root).map(({ locale, file, po }) => {
    const path = join(root, file)
    return {
      locale,
      file,
      text: serializePo(mergedCatalog(model, locale, po)),
      old: existsSync(path) ? readFileSync(path, 'utf8') : undefined,
    }
  })
}

/** extract's content step: apply the finished translations, then write every catalog. */
export function extractContent(root: string, contentDir: string): ApplyResult {
  const result = applyContentTranslations(root, contentDir)
  for (const { file, text } of contentCatalogTexts(root, contentDir)) writeFileSync(join(root, file), text)
  return result
}

export interface ContentStatus {
  locale: Locale
  translated: number
  fuzzy: number
  missing: number
  /** Dutch words in the entries not done (fuzzy or missing): the work left. */
  words: number
}

/** A language's entries counted as `i18n:status` reports them. */
export function countedEntries(locale: Locale, entries: PoEntry[]): ContentStatus {
  const status: ContentStatus = { locale, translated: 0, fuzzy: 0, missing: 0, words: 0 }
  for (const entry of entries) {
    const words = entry.id.split(/\s+/).filter(Boolean).length
    if (entry.fuzzy) status.fuzzy++
    else if (entry.translation) status.translated++
    else status.missing++
    if (entry.fuzzy || !entry.translation) status.words += words
  }
  return status
}

export function contentStatus(root: string): ContentStatus[] {
  return readContentCatalogs(root).map(({ locale, po }) => countedEntries(locale, po?.entries ?? []))
}

/** CONTENT_DIR as the server reads it: relative to the project root, or absolute. */
export function defaultContentDir(root: string): string {
  return resolve(root, process.env.CONTENT_DIR || 'content')
}

/**
 * What `i18n:check` refuses in the content catalogs: a catalog that is not what extract would
 * write, a translation waiting to be applied, a conflict, a translation breaking the Markdown.
 */
export function contentProblems(root: string, contentDir: string): string[] {
  const problems: string[] = []
  const model = readContentTexts(root, contentDir)
  for (const { locale, file, po } of readContentCatalogs(root)) {
    if (!po) {
      problems.push(`${file} is missing: run npm run extract`)
      continue
    }
    const byKey = byKeyOf(po)
    const pending = model.texts.filter((text) => text.locales.includes(locale) && textState(text, locale, byKey).kind !== 'none')
    if (pending.length > 0) {
      problems.push(
        `${file}: ${pending.length} translations not applied to the content, or in conflict with it (${pending
          .slice(0, 3)
          .map((t) => t.key)
          .join(' | ')}): run npm run extract`,
      )
    } else if (serializePo(mergedCatalog(model, locale, po)) !== serializePo(po)) {
      // Compared as read, so a catalog a PO tool rewrapped is still in sync.
      problems.push(`${file} is not in sync with the content: run npm run extract`)
    }
    problems.push(...catalogProblems(file, locale, po.entries))
  }
  return problems
}
