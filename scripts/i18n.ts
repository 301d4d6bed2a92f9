/**
 * The translation workflow around Lingui (docs/translating.md). Run with jiti (TypeScript,
 * and lingui.config.ts is loaded the way Lingui loads it):
 *
 *   extract  `lingui extract`, then gettext's merge: a message whose Dutch source changed keeps
 *            its translation, marked fuzzy with the previous msgid (msgmerge --previous against
 *            the catalogs as they were). Also records URL segment changes for redirects.
 *   check    catalogs in sync with the code, msgfmt -c clean, nothing fuzzy or missing, every
 *            translation a valid ICU message that keeps its source's placeholders, plurals and
 *            markup (lib/message-checks.ts), URL segments valid and their history current.
 *            Exits 1 on any problem.
 *   status   per locale and catalog: translated, fuzzy, missing, and what is not translated.
 *
 *   content  extract's content step alone (below).
 *
 * The content's texts (pages, news, site settings) have catalogs of their own,
 * app/locales/<lang>/content.po (lib/content-translations.ts): extract first writes their
 * finished translations into the content YAML, then writes them anew; check and status cover them.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getConfig, type CatalogType } from '@lingui/conf'
import { catalogFiles, catalogStatus, parseCatalog, readCatalog, routesCatalog, type CatalogFile } from './lib/catalogs'
import { contentProblems, contentStatus, defaultContentDir, extractContent, readContentCatalogs } from './lib/content-translations'
import { messageCatalogProblems } from './lib/message-checks'
import { historyProblems, segmentProblems, updateHistory, type SegmentHistory, type Segments } from './lib/segment-rules'

const config = getConfig({ cwd: process.cwd() })
const root = config.rootDir
const files = catalogFiles(config)
const { sourceLocale } = config
const historyFile = join(root, 'app/i18n/segment-history.json')

/** Runs a tool; its output is shown only when it fails (or always, with `show`). */
function run(command: string, args: string[], show = false): void {
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', show ? 'inherit' : 'pipe', show ? 'inherit' : 'pipe'],
  })
  if (result.error) throw new Error(`${command}: ${result.error.message}${command.startsWith('msg') ? ' (install gettext)' : ''}`)
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`)
}

/** `--overwrite`: the Dutch catalog follows the code, explicit-id messages included. */
function lingui(args: string[], show = false): void {
  run(process.execPath, [join(root, 'node_modules/@lingui/cli/dist/lingui.js'), ...args], show)
}

/** A PO file listing these msgids, for msgattrib --only-file. */
function listPo(ids: string[]): string {
  return ids.map((id) => `msgid ${JSON.stringify(id)}\nmsgstr ""\n`).join('\n')
}

function read(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined
}

function sourceEntry(name: string): CatalogFile {
  const entry = files.find((f) => f.name === name && f.locale === sourceLocale)
  if (!entry) throw new Error(`no ${sourceLocale} catalog named ${name}`)
  return entry
}

/** Explicit-id messages (`error.404.title`): Lingui gives them no `message` when read back. */
function explicitIds(catalog: CatalogType): string[] {
  return Object.keys(catalog).filter((id) => catalog[id]?.message === undefined && !catalog[id]?.obsolete)
}

async function extract(): Promise<void> {
  const before = new Map(files.map((entry) => [entry.file, read(entry.file)]))
  lingui(['extract', '--clean', '--overwrite'], true)
  const scratch = mkdtempSync(join(tmpdir(), 'i18n-extract-'))
  try {
    for (const name of new Set(files.map((f) => f.name))) {
      const source = sourceEntry(name)
      const oldSource = await parseCatalog(before.get(source.file), sourceLocale, sourceLocale, source.file)
      const newSource = await readCatalog(source, sourceLocale)
      // msgmerge matches explicit ids by how alike the keys are, which says nothing about the
      // texts: a new explicit id starts untranslated, not with a neighbour's translation.
      const added = explicitIds(newSource).filter((id) => !(id in oldSource))
      // Their msgid stays when the Dutch changes, so msgmerge cannot see it: mark them here.
      const changed =
        name === routesCatalog
          ? []
          : explicitIds(newSource).filter((id) => id in oldSource && oldSource[id]?.translation !== newSource[id]?.translation)
      for (const entry of files.filter((f) => f.name === name && f.locale !== sourceLocale)) {
        const old = before.get(entry.file)
        if (old === undefined) continue
        const oldFile = join(scratch, 'old.po')
        const merged = join(scratch, 'merged.po')
        const list = join(scratch, 'list.po')
        writeFileSync(oldFile, old)
        run('msgmerge', ['--quiet', '--previous', '--no-wrap', '-o', merged, oldFile, entry.file])
        if (added.length > 0) {
          writeFileSync(list, listPo(added))
          run('msgattrib', ['--no-wrap', '--clear-fuzzy', '--empty', '--clear-previous', `--only-file=${list}`, '-o', merged, merged])
        }
        const translated = await parseCatalog(readFileSync(merged, 'utf8'), entry.locale, sourceLocale, merged)
        const stale = changed.filter((id) => translated[id]?.translation)
        if (stale.length > 0) {
          writeFileSync(list, listPo(stale))
          run('msgattrib', ['--no-wrap', '--set-fuzzy', `--only-file=${list}`, '-o', merged, merged])
        }
        writeFileSync(entry.file, readFileSync(merged, 'utf8'))
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  // Back to Lingui's layout (msgmerge writes its own), dropping what msgmerge kept as obsolete.
  lingui(['extract', '--clean', '--overwrite'])
  writeFileSync(historyFile, JSON.stringify(updateHistory(readHistory(), await currentSegments()), null, 2) + '\n')
  extractContentCatalogs()
}

/** The content catalogs; a copy of the project without a content folder has none. */
function extractContentCatalogs(): void {
  const contentDir = defaultContentDir(root)
  if (!existsSync(contentDir)) return
  const { applied, changed, conflicts } = extractContent(root, contentDir)
  console.log(`content: ${applied} translations applied${changed.length > 0 ? ` to ${changed.join(', ')}` : ''}`)
  for (const conflict of conflicts) console.error(`✗ ${conflict}`)
  if (conflicts.length > 0) process.exitCode = 1
}

function readHistory(): SegmentHistory {
  const content = read(historyFile)
  if (content === undefined) return {}
  const parsed: unknown = JSON.parse(content)
  const history: SegmentHistory = {}
  if (typeof parsed !== 'object' || parsed === null) return history
  for (const [locale, row] of Object.entries(parsed)) {
    if (typeof row !== 'object' || row === null) continue
    history[locale] = {}
    for (const [id, values] of Object.entries(row)) {
      if (Array.isArray(values)) history[locale][id] = values.filter((v): v is string => typeof v === 'string')
    }
  }
  return history
}

/** Each locale's URL segments as the site uses them (a missing one falls back to Dutch). */
async function currentSegments(): Promise<Record<string, Segments>> {
  const dutch = await readCatalog(sourceEntry(routesCatalog), sourceLocale)
  const segments: Record<string, Segments> = {}
  for (const entry of files.filter((f) => f.name === routesCatalog)) {
    const catalog = await readCatalog(entry, sourceLocale)
    const row: Segments = {}
    for (const id of Object.keys(dutch).sort()) row[id] = (catalog[id]?.translation || dutch[id]?.translation || '').trim()
    segments[entry.locale] = row
  }
  return segments
}

async function statuses() {
  return Promise.all(files.map(async (entry) => ({ entry, status: catalogStatus(await readCatalog(entry, sourceLocale)) })))
}

async function status(): Promise<void> {
  const rows = await statuses()
  const pad = (value: string | number, width: number) => String(value).padEnd(width)
  console.log([pad('locale', 8), pad('catalog', 10), pad('translated', 12), pad('fuzzy', 7), 'missing'].join(''))
  for (const { entry, status } of rows) {
    console.log(
      [
        pad(entry.locale, 8),
        pad(entry.name, 10),
        pad(status.translated.length, 12),
        pad(status.fuzzy.length, 7),
        status.missing.length,
      ].join(''),
    )
  }
  if (existsSync(defaultContentDir(root))) {
    console.log(`\nContent (app/locales/<locale>/content.po; words: Dutch words left to translate or review)`)
    console.log([pad('locale', 8), pad('translated', 12), pad('fuzzy', 7), pad('missing', 9), 'words'].join(''))
    for (const row of contentStatus(root)) {
      console.log([pad(row.locale, 8), pad(row.translated, 12), pad(row.fuzzy, 7), pad(row.missing, 9), row.words].join(''))
    }
  }
  for (const { entry, status } of rows) {
    if (status.fuzzy.length + status.missing.length === 0) continue
    console.log(`\nNot translated in ${entry.shown}:`)
    for (const id of status.fuzzy) console.log(`  fuzzy    ${id}`)
    for (const id of status.missing) console.log(`  missing  ${id}`)
  }
}

function hasMsgfmt(): boolean {
  return !spawnSync('msgfmt', ['--version']).error
}

async function check(): Promise<void> {
  const problems: string[] = []
  try {
    lingui(['check', 'sync', '--clean', '--overwrite'])
  } catch {
    problems.push('The catalogs are not in sync with the code: run npm run extract')
  }
  const hasContent = existsSync(defaultContentDir(root))
  const contentCatalogs = hasContent
    ? readContentCatalogs(root)
        .map((c) => join(root, c.file))
        .filter((file) => existsSync(file))
    : []
  if (hasMsgfmt()) {
    for (const file of [...files.map((entry) => entry.file), ...contentCatalogs]) {
      const result = spawnSync('msgfmt', ['-c', '--check-format', '-o', '/dev/null', file], { encoding: 'utf8' })
      if (result.status !== 0 || result.stderr.trim()) problems.push(`msgfmt -c --check-format:\n${result.stderr.trim()}`)
    }
  } else {
    console.warn('msgfmt not found (Debian: apt-get install gettext): PO syntax and headers not checked')
  }
  for (const { entry, status } of await statuses()) {
    if (status.fuzzy.length > 0) problems.push(`${entry.shown}: ${status.fuzzy.length} fuzzy (review them): ${status.fuzzy.join(' | ')}`)
    if (status.missing.length > 0) problems.push(`${entry.shown}: ${status.missing.length} missing: ${status.missing.join(' | ')}`)
  }
  // The same checks the build runs (vite.config.ts): what a typo would break on the site.
  problems.push(...(await messageCatalogProblems(config)))
  // Fuzzy and missing content texts are no failure: the YAML keeps showing its own text for them.
  if (hasContent) problems.push(...contentProblems(root, defaultContentDir(root)))
  const segments = await currentSegments()
  for (const [locale, row] of Object.entries(segments)) {
    const shown = files.find((f) => f.name === routesCatalog && f.locale === locale)?.shown ?? locale
    for (const problem of segmentProblems(row)) problems.push(`${shown}: ${problem}`)
  }
  for (const problem of historyProblems(readHistory(), segments)) {
    problems.push(`app/i18n/segment-history.json: ${problem} (run npm run extract)`)
  }
  if (problems.length === 0) {
    console.log(`i18n: ${files.length + contentCatalogs.length} catalogs in sync, complete and valid.`)
    return
  }
  for (const problem of problems) console.error(`✗ ${problem}`)
  process.exitCode = 1
}

/** extract's content step alone: quicker when only content changed. */
async function content(): Promise<void> {
  extractContentCatalogs()
}

const commands: Record<string, () => Promise<void>> = { extract, check, status, content }
const command = commands[process.argv[2] ?? '']
if (!command) {
  console.error('usage: i18n.ts extract | check | status | content')
  process.exitCode = 2
} else {
  await command()
}
