/**
 * The translators' workflow end to end, on a scratch copy of the project: `npm run extract`
 * after a Dutch source or a URL segment changed, then what `i18n:check`, `i18n:status`, the
 * compiled catalogs (as the Vite plugin builds them) and the redirects make of it.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Messages } from '@lingui/core'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localeCodes, perLocale, type Locale } from '../../app.config'
import { createPathCodec } from '../../app/i18n/paths'
import { buildRenamedSegments, buildSegmentTable } from '../../app/i18n/segments'
import { pathRedirect } from '../../app/server/redirects/path-redirects'
import { catalogFiles } from '../../scripts/lib/catalogs'
import { messageCatalogProblems } from '../../scripts/lib/message-checks'
import { poFormatter } from '../../scripts/lib/po-format'

const root = process.cwd()
const hasGettext = !spawnSync('msgmerge', ['--version']).error
let scratch = ''

function i18n(command: string) {
  const jiti = join(root, 'node_modules/jiti/lib/jiti-cli.mjs')
  // As from a shell: under NODE_ENV=test Lingui's CLI looks for its own test-only worker files.
  const env = { ...process.env, NODE_ENV: 'production' }
  return spawnSync(process.execPath, [jiti, 'scripts/i18n.ts', command], { cwd: scratch, encoding: 'utf8', env })
}

function edit(path: string, from: string, to: string): void {
  const file = join(scratch, path)
  const content = readFileSync(file, 'utf8')
  expect(content).toContain(from)
  writeFileSync(file, content.replaceAll(from, to))
}

/** Each locale's messages of a catalog as the Vite plugin compiles them (fuzzy → Dutch). */
async function compiled(name: string): Promise<Record<Locale, Messages>> {
  const config = getConfig({ cwd: scratch })
  const catalog = (await getCatalogs(config)).find((c) => c.path.endsWith(`/${name}`))
  if (!catalog) throw new Error(`no catalog ${name}`)
  const byLocale: Partial<Record<Locale, Messages>> = {}
  for (const locale of localeCodes) {
    const { messages } = await catalog.getTranslations(locale, {
      fallbackLocales: config.fallbackLocales,
      sourceLocale: config.sourceLocale,
    })
    byLocale[locale] = messages
  }
  return perLocale((locale) => byLocale[locale] ?? {})
}

/** The repository's own translation of a message, before the scratch copy changed anything. */
async function committedTranslation(locale: string, id: string): Promise<string | undefined> {
  const entry = catalogFiles(getConfig({ cwd: root })).find((f) => f.name === 'messages' && f.locale === locale)
  if (!entry) throw new Error(`no ${locale} messages catalog`)
  const catalog = await poFormatter().parse(readFileSync(entry.file, 'utf8'), { locale, sourceLocale: 'nl', filename: entry.file })
  return catalog[id]?.translation
}

describe.skipIf(!hasGettext)('the translation workflow (scratch copy)', () => {
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'i18n-workflow-'))
    for (const path of ['app', 'scripts', 'lingui.config.ts', 'app.config.ts', 'package.json', 'tsconfig.json']) {
      cpSync(join(root, path), join(scratch, path), { recursive: true })
    }
    symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'))
  })
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  })

  it(
    "a translator's typo fails i18n:check and the build's check, with the same lines; so does a segment against the rules",
    { timeout: 180_000 },
    async () => {
      // A segment against the rules fails the check, which names the entry (after the message lines).
      edit('app/locales/de/routes.po', 'msgstr "nachricht"', 'msgstr "Nachricht"')
      // The lines of the two msgstrs in today's catalog (they move as messages are added).
      const lines = readFileSync(join(scratch, 'app/locales/de/messages.po'), 'utf8').split('\n')
      const lineOf = (text: string) => lines.findIndex((line) => line.includes(text)) + 1
      const [countriesLine, greetingLine] = [lineOf('msgstr "Alle Länder ({0})"'), lineOf('msgstr "Hallo {firstName},"')]
      edit('app/locales/de/messages.po', 'msgstr "Hallo {firstName},"', 'msgstr "Hallo {vorname},"')
      edit('app/locales/de/messages.po', 'msgstr "Alle Länder ({0})"', 'msgstr "Alle Länder ({0}"')
      const check = i18n('check')
      expect(check.status).toBe(1)
      // What vite.config.ts runs at the start of a build.
      const problems = await messageCatalogProblems(getConfig({ cwd: scratch }))
      expect(problems).toEqual([
        `app/locales/de/messages.po:${countriesLine}: de msgid "Alle landen ({0})": brackets do not pair up: "(" is never closed`,
        `app/locales/de/messages.po:${greetingLine}: de msgid "Beste {firstName},": placeholders differ from the Dutch source: {firstName} missing, {vorname} not in the source`,
      ])
      const stderrLines = check.stderr.trim().split('\n')
      expect(stderrLines.slice(0, problems.length)).toEqual(problems.map((problem) => `✗ ${problem}`))
      // The rest is the segment: its entry named, and only segment lines (routes.po, its history).
      const segmentLines = stderrLines.slice(problems.length)
      expect(segmentLines.join('\n')).toContain('✗ app/locales/de/routes.po: segment.news "Nachricht"')
      for (const line of segmentLines) expect(line).toMatch(/^✗ app\/(locales\/de\/routes\.po|i18n\/segment-history\.json): /)
      edit('app/locales/de/routes.po', 'msgstr "Nachricht"', 'msgstr "nachricht"')
      edit('app/locales/de/messages.po', 'msgstr "Hallo {vorname},"', 'msgstr "Hallo {firstName},"')
      edit('app/locales/de/messages.po', 'msgstr "Alle Länder ({0}"', 'msgstr "Alle Länder ({0})"')
    },
  )

  // One extract for both changes a translator meets (a renamed segment, a changed Dutch source):
  // an extract takes ~20 s here, and each change is checked on its own files.
  it(
    'a URL segment renamed and a Dutch source changed: the old URL answers a 301, translations stay as fuzzy, the site shows the Dutch until they are reviewed',
    { timeout: 180_000 },
    async () => {
      edit('app/locales/de/routes.po', 'msgstr "nachricht"', 'msgstr "nachrichten"')
      edit('app/blocks/InteractiveMap/InteractiveMap.tsx', 't`Route plannen`', 't`Route plannen!`')
      edit('app/errors/error-texts.ts', "message: 'Serverfout'", "message: 'Fout op de server'")
      const extracted = i18n('extract')
      expect(extracted.status, extracted.stderr).toBe(0)

      // The segment: recorded in its history, and the old URL redirects to the new one.
      const routes = await compiled('routes')
      const table = buildSegmentTable(routes)
      expect(table.de.news).toBe('nachrichten')
      const history: unknown = JSON.parse(readFileSync(join(scratch, 'app/i18n/segment-history.json'), 'utf8'))
      expect(history).toMatchObject({ de: { 'segment.news': ['nachricht', 'nachrichten'] }, en: { 'segment.news': ['news'] } })
      const codec = createPathCodec(
        table,
        buildRenamedSegments(table, JSON.parse(readFileSync(join(scratch, 'app/i18n/segment-history.json'), 'utf8'))),
      )
      expect(pathRedirect(new URL('http://localhost/de/nachricht/open-tag'), codec)).toBe('/de/nachrichten/open-tag')
      expect(pathRedirect(new URL('http://localhost/de/nachrichten/open-tag'), codec)).toBeNull()

      // The Dutch source: every translation kept as fuzzy.
      const routePlannen = generateMessageId('Route plannen')
      const messages = await compiled('messages')
      for (const locale of localeCodes.filter((l) => l !== 'nl')) {
        const po = readFileSync(join(scratch, `app/locales/${locale}/messages.po`), 'utf8')
        const before = await committedTranslation(locale, routePlannen)
        expect(before).toBeTruthy()
        expect(po).toContain(`#, fuzzy\n#| msgid "Route plannen"\nmsgid "Route plannen!"\nmsgstr "${before}"\n`)
        // An explicit id keeps its msgid when the Dutch changes: marked fuzzy, with the new Dutch.
        expect(po).toMatch(
          /#\. Dutch source: Fout op de server\n#\. js-lingui-explicit-id\n#: app\/errors\/error-texts\.ts\n#, fuzzy\nmsgid "error\.500\.title"\nmsgstr "[^"]+"/,
        )
        // Not reviewed yet: the compiled catalog has the Dutch text; an untouched message keeps its translation.
        expect(messages[locale][generateMessageId('Route plannen!')]).toBe('Route plannen!')
        expect(messages[locale]['error.500.title']).toBe('Fout op de server')
        expect(messages[locale]['error.404.title']).toBe(await committedTranslation(locale, 'error.404.title'))
      }
      expect(messages.nl['error.500.title']).toBe('Fout op de server')

      const status = i18n('status')
      // Two fuzzy, none missing (the number translated grows with the site).
      expect(status.stdout).toMatch(/^de {6}messages  \d+ +2 {6}0$/m)
      const deList = status.stdout.split('Not translated in app/locales/de/messages.po:\n')[1]?.split('\n\n')[0]
      expect(deList?.split('\n').sort()).toEqual(['  fuzzy    Route plannen!', '  fuzzy    error.500.title'])
      const check = i18n('check')
      expect(check.status).toBe(1)
      expect(check.stderr).toContain('app/locales/de/messages.po: 2 fuzzy (review them)')

      // The translator reviews the two (keeps each translation): the checks pass again, the
      // renamed segment included.
      for (const locale of localeCodes.filter((l) => l !== 'nl')) {
        const file = join(scratch, `app/locales/${locale}/messages.po`)
        writeFileSync(
          file,
          readFileSync(file, 'utf8')
            .replace(/^#, fuzzy\n/gm, '')
            .replace(/^#\| .*\n/gm, ''),
        )
      }
      const reviewed = i18n('check')
      expect(reviewed.stderr).toBe('')
      expect(reviewed.status).toBe(0)
    },
  )
})
