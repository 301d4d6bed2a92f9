/**
 * The translation checks `npm run i18n:check` and the build share (scripts/lib/message-checks.ts):
 * the real catalogs pass, and a copy of a real catalog with one translator's mistake fails with
 * a line naming file, line, language and msgid.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getConfig } from '@lingui/conf'
import { describe, expect, it } from 'vitest'
import { catalogFiles, type CatalogFile } from '../../scripts/lib/catalogs'
import { catalogProblems, messageCatalogProblems, messageProblems } from '../../scripts/lib/message-checks'

const config = getConfig({ cwd: process.cwd() })
const files = catalogFiles(config)

function messages(locale: string): CatalogFile {
  const entry = files.find((f) => f.name === 'messages' && f.locale === locale)
  if (!entry) throw new Error(`no ${locale} messages catalog`)
  return entry
}

/** The 1-based line of a catalog on which `text` first appears. */
function lineOf(file: string, text: string): number {
  const index = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text))
  if (index < 0) throw new Error(`${text} is not in ${file}`)
  return index + 1
}

/** The problems of a copy of a real catalog in which `from` became `to`, checked against the real Dutch. */
async function brokenCatalog(locale: string, from: string, to: string): Promise<string[]> {
  const real = messages(locale)
  const content = readFileSync(real.file, 'utf8')
  expect(content).toContain(from)
  const file = join(mkdtempSync(join(tmpdir(), 'message-checks-')), 'messages.po')
  writeFileSync(file, content.replace(from, to))
  const copy = { ...real, file, shown: `broken/${locale}/messages.po` }
  return catalogProblems(locale === config.sourceLocale ? [copy] : [messages(config.sourceLocale), copy], config.sourceLocale)
}

const greeting = 'msgid "Beste {firstName},"'
const countries = 'msgid "Alle landen ({0})"'
const dealers = 'msgid "locationCount.dealer"'
const consent =
  'msgid "Door dit formulier te versturen gaat u akkoord met onze <0>privacyverklaring</0>. Telefoongesprekken kunnen worden opgenomen voor kwaliteitsverbetering."'

describe('translation checks (npm run i18n:check, npm run build)', () => {
  it('pass the real message catalogs', async () => {
    expect(await messageCatalogProblems(config)).toEqual([])
  })

  it.each([
    [
      'a lost brace',
      'de',
      'msgstr "Alle Länder ({0})"',
      'msgstr "Alle Länder ({0)"',
      `broken/de/messages.po:LINE: de ${countries}: does not parse as an ICU message: invalid syntax at line 1 col 16`,
    ],
    [
      'an unclosed plural',
      'de',
      'one {# Autohaus} other {# Autohäuser}}',
      'one {# Autohaus} other {# Autohäuser}',
      `broken/de/messages.po:LINE: de ${dealers}: does not parse as an ICU message: Unexpected message end at line 1 col 54`,
    ],
    [
      'a translated placeholder',
      'de',
      'msgstr "Hallo {firstName},"',
      'msgstr "Hallo {vorname},"',
      `broken/de/messages.po:LINE: de ${greeting}: placeholders differ from the Dutch source: {firstName} missing, {vorname} not in the source`,
    ],
    [
      'a lost placeholder',
      'de',
      'msgstr "Hallo {firstName},"',
      'msgstr "Hallo,"',
      `broken/de/messages.po:LINE: de ${greeting}: placeholders differ from the Dutch source: {firstName} missing`,
    ],
    [
      'a renamed plural argument',
      'de',
      '{count, plural, one {# Autohaus}',
      '{anzahl, plural, one {# Autohaus}',
      `broken/de/messages.po:LINE: de ${dealers}: plural/select differs from the Dutch source: {count, plural} missing, {anzahl, plural} not in the source`,
    ],
    [
      'a misspelt plural keyword',
      'de',
      '{count, plural, one {# Autohaus}',
      '{count, plurl, one {# Autohaus}',
      [
        `broken/de/messages.po:LINE: de ${dealers}: placeholders differ from the Dutch source: {count, plurl} not in the source`,
        `broken/de/messages.po:LINE: de ${dealers}: plural/select differs from the Dutch source: {count, plural} missing`,
      ],
    ],
    [
      'a plural category the language needs',
      'fr',
      'one {# concession} many {# de concessions} other',
      'one {# concession} other',
      `broken/fr/messages.po:LINE: fr ${dealers}: {count, plural} lacks the plural category many, which fr needs (fr: one, many, other)`,
    ],
    [
      'a plural category the language does not use',
      'de',
      'one {# Autohaus} other',
      'one {# Autohaus} few {# Autohäuser} other',
      `broken/de/messages.po:LINE: de ${dealers}: {count, plural} has the plural category few, which de does not use (de: one, other)`,
    ],
    [
      'a lost closing tag',
      'de',
      '<0>Datenschutzerklärung</0>',
      '<0>Datenschutzerklärung',
      `broken/de/messages.po:LINE: de ${consent}: markup tags differ from the Dutch source: <0>…</0> missing, <0> (never closed) not in the source`,
    ],
    [
      'a renumbered tag',
      'de',
      '<0>Datenschutzerklärung</0>',
      '<1>Datenschutzerklärung</1>',
      `broken/de/messages.po:LINE: de ${consent}: markup tags differ from the Dutch source: <0>…</0> missing, <1>…</1> not in the source`,
    ],
    [
      'a lost round bracket',
      'de',
      'msgstr "Alle Länder ({0})"',
      'msgstr "Alle Länder ({0}"',
      `broken/de/messages.po:LINE: de ${countries}: brackets do not pair up: "(" is never closed`,
    ],
    [
      'a broken Dutch source',
      'nl',
      'msgstr "Beste {firstName},"',
      'msgstr "Beste {firstName,"',
      `broken/nl/messages.po:LINE: nl ${greeting}: does not parse as an ICU message: invalid syntax at line 1 col 17`,
    ],
  ])('refuse %s', async (_, locale, from, to, problems) => {
    // The line of the edited msgstr in today's catalog (it moves as messages are added).
    const line = String(lineOf(messages(locale).file, from))
    const expected = (typeof problems === 'string' ? [problems] : problems).map((problem) => problem.replace(':LINE:', `:${line}:`))
    expect(await brokenCatalog(locale, from, to)).toEqual(expected)
  })

  it('allow explicit values and a placeholder moved where the grammar wants it', () => {
    const source = '{count, plural, one {# dealer} other {# dealers}} in {city}'
    expect(messageProblems(source, 'In {city}: {count, plural, =0 {keine} one {# Autohaus} other {# Autohäuser}}', 'de')).toEqual([])
  })

  it('refuse select cases that differ from the source', () => {
    const source = '{kind, select, dealer {Dealer} other {Locatie}}'
    expect(messageProblems(source, '{kind, select, händler {Autohaus} other {Standort}}', 'de')).toEqual([
      '{kind, select} cases differ from the Dutch source: dealer missing, händler not in the source',
    ])
  })

  it('leave brackets alone where the source does not pair them either', () => {
    expect(messageProblems('1) Kies een locatie', '1) Standort wählen', 'de')).toEqual([])
  })
})
