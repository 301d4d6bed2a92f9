/**
 * What a translation must keep of its Dutch source for the site to show it whole: it parses,
 * has the source's placeholders, plurals/selects and markup tags, the plural categories its
 * language uses, and brackets that pair up. `npm run i18n:check` and the build (vite.config.ts)
 * both run these checks, so a catalog the check refuses cannot ship (docs/translating.md).
 *
 * Messages are read by Lingui's own compiler, the one the build runs: a message parses here
 * exactly when the site can show it. URL segments (routes.po) have rules of their own.
 */
import { existsSync, readFileSync } from 'node:fs'
import type { CatalogType, LinguiConfigNormalized } from '@lingui/conf'
import { parsePoFile } from '@lingui/format-po'
import { compileMessageOrThrow, type CompiledIcuChoices, type CompiledMessage } from '@lingui/message-utils/compileMessage'
import { catalogFiles, parseCatalog, routesCatalog, type CatalogFile } from './catalogs.ts'
import { keyOf } from './po-format.ts'

/** A plural or select: `{count, plural, one {…} other {…}}`. */
interface Choice {
  /** `{count, plural}`. */
  label: string
  type: string
  /** Its cases as Lingui compiles them: `=0` becomes `0`. */
  keys: string[]
}

interface Shape {
  /** `{name}`, `{0}`, `{price, number}`. */
  placeholders: Set<string>
  choices: Choice[]
  /** The message's text, every case of a choice included: where markup and brackets are. */
  text: string
}

const choiceTypes = new Set(['plural', 'select', 'selectordinal'])

function isChoices(format: unknown): format is CompiledIcuChoices {
  return typeof format === 'object' && format !== null && !Array.isArray(format)
}

function textOf(tokens: CompiledMessage, shape: Shape): string {
  return tokens
    .map((token) => {
      if (typeof token === 'string') return token
      const [arg, type, format] = token
      if (type !== undefined && choiceTypes.has(type) && isChoices(format)) {
        const cases = Object.entries(format).filter(([key]) => key !== 'offset')
        shape.choices.push({ label: `{${arg}, ${type}}`, type, keys: cases.map(([key]) => key) })
        return cases.map(([, branch]) => (Array.isArray(branch) ? textOf(branch, shape) : '')).join(' ')
      }
      const placeholder = type === undefined ? `{${arg}}` : `{${arg}, ${type}}`
      shape.placeholders.add(placeholder)
      return placeholder
    })
    .join('')
}

/** The message's shape, or why Lingui cannot compile it. */
function shapeOf(message: string): Shape | string {
  const shape: Shape = { placeholders: new Set(), choices: [], text: '' }
  try {
    shape.text = textOf(compileMessageOrThrow(message), shape)
    return shape
  } catch (error) {
    // The parser's message goes on with the message and a caret: its first line says where.
    const reason = error instanceof Error ? error.message : String(error)
    return (reason.split('\n')[0] ?? reason).replace(/:$/, '')
  }
}

/** `"{a} missing, {b} not in the source"`, or nothing when both hold the same. */
function difference(source: Iterable<string>, translation: Iterable<string>): string | undefined {
  const want = new Set(source)
  const have = new Set(translation)
  const missing = [...want].filter((value) => !have.has(value))
  const extra = [...have].filter((value) => !want.has(value))
  if (missing.length + extra.length === 0) return undefined
  return [missing.length > 0 ? `${missing.join(' ')} missing` : '', extra.length > 0 ? `${extra.join(' ')} not in the source` : '']
    .filter(Boolean)
    .join(', ')
}

const cldrOrder = ['zero', 'one', 'two', 'few', 'many', 'other']

/** The CLDR plural categories of a language (`selectordinal`: its ordinal ones), in CLDR order. */
function pluralCategories(locale: string, type: string): string[] {
  const rules = new Intl.PluralRules(locale, { type: type === 'selectordinal' ? 'ordinal' : 'cardinal' })
  const categories: string[] = rules.resolvedOptions().pluralCategories
  return cldrOrder.filter((category) => categories.includes(category))
}

/** An explicit value (`=0`, `=1`), which any language may add to its categories. */
function isExplicitValue(key: string): boolean {
  return key !== '' && Number.isFinite(Number(key))
}

function categoryProblems(choices: Choice[], locale: string): string[] {
  const problems: string[] = []
  for (const choice of choices) {
    if (choice.type === 'select') continue
    const categories = pluralCategories(locale, choice.type)
    const rule = `(${locale}: ${categories.join(', ')})`
    for (const category of categories.filter((c) => !choice.keys.includes(c)))
      problems.push(`${choice.label} lacks the plural category ${category}, which ${locale} needs ${rule}`)
    for (const key of choice.keys.filter((k) => !categories.includes(k) && !isExplicitValue(k)))
      problems.push(`${choice.label} has the plural category ${key}, which ${locale} does not use ${rule}`)
  }
  return problems
}

/** Lingui's markup (@lingui/react's formatElements): `<0>…</0>` and `<0/>`. */
const elementPattern = /<([a-zA-Z0-9_](?:[\w.-]*\w)?)>([\s\S]*?)<\/\1>|<([a-zA-Z0-9_](?:[\w.-]*\w)?)\/>/
/** A tag left over once the elements are matched: opened and never closed, or the reverse. */
const strayTagPattern = /<(\/?)([a-zA-Z0-9_](?:[\w.-]*\w)?)>/g

/** The markup of a text as Lingui reads it when it renders the message. */
function tagsOf(text: string, found = new Set<string>()): Set<string> {
  const strays = (part: string) => {
    for (const [, slash, name] of part.matchAll(strayTagPattern))
      found.add(slash ? `</${name}> (never opened)` : `<${name}> (never closed)`)
  }
  let rest = text
  for (let match = elementPattern.exec(rest); match; match = elementPattern.exec(rest)) {
    const [whole, name, children, selfClosing] = match
    strays(rest.slice(0, match.index))
    if (name !== undefined) {
      found.add(`<${name}>…</${name}>`)
      tagsOf(children ?? '', found)
    } else {
      found.add(`<${selfClosing}/>`)
    }
    rest = rest.slice(match.index + whole.length)
  }
  strays(rest)
  return found
}

const closing: Record<string, string> = { '(': ')', '[': ']' }

/** Why the round and square brackets of a text do not pair up, if they do not. */
function bracketProblem(text: string): string | undefined {
  const open: string[] = []
  for (const char of text) {
    if (char in closing) open.push(char)
    else if (char === ')' || char === ']') {
      const last = open.pop()
      if (last === undefined) return `"${char}" closes nothing`
      if (closing[last] !== char) return `"${char}" closes "${last}"`
    }
  }
  const last = open.at(-1)
  return last === undefined ? undefined : `"${last}" is never closed`
}

/**
 * What is wrong with a translation of `source` into `locale`, one sentence per problem. The
 * source itself is checked by passing it as its own translation (the Dutch catalog).
 */
export function messageProblems(source: string, translation: string, locale: string): string[] {
  const translated = shapeOf(translation)
  if (typeof translated === 'string') return [`does not parse as an ICU message: ${translated}`]
  const problems = categoryProblems(translated.choices, locale)
  const original = shapeOf(source)
  // A source that does not parse is the Dutch catalog's problem, reported there.
  if (typeof original === 'string') return problems
  const placeholders = difference(original.placeholders, translated.placeholders)
  if (placeholders) problems.push(`placeholders differ from the Dutch source: ${placeholders}`)
  const choices = difference(
    original.choices.map((c) => c.label),
    translated.choices.map((c) => c.label),
  )
  if (choices) problems.push(`plural/select differs from the Dutch source: ${choices}`)
  for (const choice of translated.choices.filter((c) => c.type === 'select')) {
    const keys = original.choices.filter((c) => c.label === choice.label).flatMap((c) => c.keys)
    const cases = keys.length > 0 ? difference(keys, choice.keys) : undefined
    if (cases) problems.push(`${choice.label} cases differ from the Dutch source: ${cases}`)
  }
  const tags = difference(tagsOf(original.text), tagsOf(translated.text))
  if (tags) problems.push(`markup tags differ from the Dutch source: ${tags}`)
  const brackets = bracketProblem(translated.text)
  if (brackets && !bracketProblem(original.text)) problems.push(`brackets do not pair up: ${brackets}`)
  return problems
}

/** The line of each entry's msgstr, by catalog key: where a translator fixes it. */
function msgstrLines(content: string): Map<string, number> {
  const lines = content.split(/\r?\n/)
  const found = new Map<string, number>()
  let start = 0
  for (let end = 0; end <= lines.length; end++) {
    if (end < lines.length && lines[end]?.trim() !== '') continue
    const entry = lines.slice(start, end)
    const at = entry.findIndex((line) => line.startsWith('msgstr'))
    const item = at >= 0 ? parsePoFile(entry.join('\n')).items[0] : undefined
    if (item && !item.obsolete) found.set(keyOf(item), start + at + 1)
    start = end + 1
  }
  return found
}

async function readCatalogFile(entry: CatalogFile, sourceLocale: string): Promise<{ catalog: CatalogType; content: string }> {
  const content = existsSync(entry.file) ? readFileSync(entry.file, 'utf8') : ''
  return { catalog: await parseCatalog(content, entry.locale, sourceLocale, entry.file), content }
}

/**
 * Every problem of the translations in these catalogs (one catalog name: its locales), each line
 * naming file, line, language and msgid. Untranslated and fuzzy entries are not shown on the
 * site (it shows the Dutch), so only live translations are checked.
 */
export async function catalogProblems(files: CatalogFile[], sourceLocale: string): Promise<string[]> {
  const sourceFile = files.find((f) => f.locale === sourceLocale)
  const source = sourceFile ? (await readCatalogFile(sourceFile, sourceLocale)).catalog : {}
  const problems: string[] = []
  for (const entry of files) {
    const { catalog, content } = await readCatalogFile(entry, sourceLocale)
    const lines = msgstrLines(content)
    for (const [id, message] of Object.entries(catalog)) {
      if (message.obsolete || !message.translation) continue
      const dutch = source[id]?.translation || message.message || message.translation
      const msgid = `${message.context ? `msgctxt ${JSON.stringify(message.context)} ` : ''}msgid ${JSON.stringify(message.message ?? id)}`
      const line = lines.get(id)
      const where = line === undefined ? entry.shown : `${entry.shown}:${line}`
      for (const problem of messageProblems(dutch, message.translation, entry.locale))
        problems.push(`${where}: ${entry.locale} ${msgid}: ${problem}`)
    }
  }
  return problems
}

/** Every problem of the project's message catalogs (not the URL segments'). */
export async function messageCatalogProblems(config: LinguiConfigNormalized): Promise<string[]> {
  const files = catalogFiles(config).filter((f) => f.name !== routesCatalog)
  const problems: string[] = []
  for (const name of new Set(files.map((f) => f.name)))
    problems.push(
      ...(await catalogProblems(
        files.filter((f) => f.name === name),
        config.sourceLocale,
      )),
    )
  return problems
}
