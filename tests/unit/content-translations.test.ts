/**
 * The content's translations through PO catalogs (docs/decisions/059-content-translations-in-po.md),
 * on a copy of the content folder and its catalogs: extract, fuzzy after a Dutch change, apply
 * into the YAML, conflicts, the Markdown checks, an entry's status for the admin, and catalogs
 * as gettext's msgcat and msgmerge, Poedit and Weblate write them.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parsePo, serializePo, type PoEntry } from '../../scripts/lib/content-po'
import { joinPieces, markdownPieces, markdownSegments } from '../../scripts/lib/content-segments'
import { fileTranslationStatus } from '../../scripts/lib/content-entry-status'
import {
  catalogPath,
  contentCatalogTexts,
  contentProblems,
  defaultContentDir,
  extractContent,
  readContentTexts,
  targetLocales,
} from '../../scripts/lib/content-translations'

const root = process.cwd()
let scratch = ''
const contentDir = () => join(scratch, 'content')

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'content-po-'))
  cpSync(join(root, 'content'), contentDir(), { recursive: true })
  for (const locale of targetLocales) {
    mkdirSync(join(scratch, 'app/locales', locale), { recursive: true })
    cpSync(join(root, catalogPath(locale)), join(scratch, catalogPath(locale)))
  }
})
afterEach(() => {
  rmSync(scratch, { recursive: true, force: true })
})

const read = (path: string) => readFileSync(join(scratch, path), 'utf8')
const catalog = (locale: string) => parsePo(read(catalogPath(locale)), catalogPath(locale))
const entry = (locale: string, context: string): PoEntry => {
  const found = catalog(locale).entries.find((e) => e.context === context)
  if (!found) throw new Error(`no ${context} in ${locale}`)
  return found
}
function edit(path: string, from: string, to: string): void {
  const text = read(path)
  expect(text).toContain(from)
  writeFileSync(join(scratch, path), text.replace(from, to))
}
function setTranslation(locale: string, context: string, translation: string): void {
  const po = catalog(locale)
  po.entries = po.entries.map((e) => (e.context === context ? { ...e, translation, fuzzy: false, previousId: undefined } : e))
  writeFileSync(join(scratch, catalogPath(locale)), serializePo(po))
}
const without = (e: PoEntry) => ({ ...e, line: undefined, references: [] })

describe('content catalogs', () => {
  it('hold every translatable text of the demo content exactly once, as committed', () => {
    const model = readContentTexts(scratch, contentDir())
    for (const { locale, file, text, old } of contentCatalogTexts(scratch, contentDir())) {
      expect(text, `${file} is what extract writes`).toBe(old)
      const contexts = parsePo(text).entries.map((e) => e.context)
      expect(new Set(contexts).size).toBe(contexts.length)
      const expected = model.texts
        .filter((t) => t.locales.includes(locale))
        .flatMap((t) => {
          const count = t.rich ? markdownSegments(t.values.nl ?? '').length : 1
          return t.rich ? Array.from({ length: count }, (_, i) => `${t.key}#${i + 1}`) : [t.key]
        })
      expect(contexts).toEqual(expected)
    }
    // Keys name list items by id where they have one; addresses (urlSegment, slug) are not texts.
    expect(entry('en', 'pages/about:elements[about-hero].subtitle').id).toBe(
      "Een familiebedrijf met 2.400 collega's en één missie – zorgeloze mobiliteit.",
    )
    expect(entry('de', 'pages/about:elements[about-facts].right#2')).toMatchObject({ id: '15 automerken', translation: '15 Automarken' })
    expect(catalog('en').entries.some((e) => e.context.includes('urlSegment') || e.context.includes('slug'))).toBe(false)
  })

  it('keep their keys and translations when an unrelated block is added and blocks reordered', () => {
    const before = catalog('fr').entries
    edit(
      'content/pages/about.yaml',
      'elements:\n',
      'elements:\n  - type: Link\n    id: about-new\n    text: { nl: Nieuw, en: New, de: Neu, fr: Nouveau, da: Ny }\n    link: { page: contact, title: { nl: Contact, en: Contact, de: Kontakt, fr: Contact, da: Kontakt } }\n',
    )
    extractContent(scratch, contentDir())
    const after = catalog('fr').entries
    const added = after.filter((e) => e.context.startsWith('pages/about:elements[about-new]')).map((e) => e.context)
    expect(added).toEqual(['pages/about:elements[about-new].text', 'pages/about:elements[about-new].link.title'])
    expect(after.filter((e) => !added.includes(e.context)).map(without)).toEqual(before.map(without))
    expect(after.some((e) => e.fuzzy)).toBe(false)
  })

  it('make exactly the four translations of a changed Dutch paragraph fuzzy, keeping them', () => {
    edit('content/pages/about.yaml', '- 15 automerken', '- 16 automerken')
    extractContent(scratch, contentDir())
    for (const locale of targetLocales) {
      const fuzzy = catalog(locale).entries.filter((e) => e.fuzzy)
      expect(fuzzy.map((e) => e.context)).toEqual(['pages/about:elements[about-facts].right#2'])
      expect(fuzzy[0]).toMatchObject({ id: '16 automerken', previousId: '15 automerken' })
      expect(fuzzy[0]?.translation).toMatch(/^15 /)
    }
    expect(read(catalogPath('de'))).toContain(
      '#, fuzzy\n#| msgctxt "pages/about:elements[about-facts].right#2"\n#| msgid "15 automerken"\n',
    )
    // The YAML keeps its text until the translation is reviewed; a second extract changes nothing.
    const catalogs = targetLocales.map((l) => read(catalogPath(l)))
    expect(extractContent(scratch, contentDir()).applied).toBe(0)
    expect(targetLocales.map((l) => read(catalogPath(l)))).toEqual(catalogs)
    // Reviewed (the fuzzy mark removed) in German: the next extract puts it into the YAML.
    setTranslation('de', 'pages/about:elements[about-facts].right#2', '16 Automarken')
    expect(extractContent(scratch, contentDir())).toMatchObject({ applied: 1, conflicts: [] })
    expect(read('content/pages/about.yaml')).toContain('        - 16 Automarken\n')
    expect(entry('de', 'pages/about:elements[about-facts].right#2')).toMatchObject({ translation: '16 Automarken', fuzzy: false })
    expect(catalog('en').entries.filter((e) => e.fuzzy)).toHaveLength(1)
  })

  it('write a finished translation into the YAML, only that text, and stamp the page as edited', () => {
    const file = 'content/pages/about.yaml'
    const before = read(file).split('\n')
    setTranslation('en', 'pages/about:elements[about-hero].subtitle', 'A family business with one mission.')
    setTranslation('de', 'pages/about:elements[about-facts].right#2', '15 Marken')
    const result = extractContent(scratch, contentDir())
    expect(result).toMatchObject({ applied: 2, changed: [file], conflicts: [] })
    const after = read(file).split('\n')
    expect(after.length).toBe(before.length)
    const changed = after.map((line, i) => [before[i], line]).filter(([a, b]) => a !== b)
    expect(changed).toEqual([
      // As an admin save stamps it: the sitemap's date follows the English and German pages.
      ['lastEdited: 2026-09-02T08:30:00Z', expect.stringMatching(/^lastEdited: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)],
      [
        '      en: A family business with 2,400 colleagues and one mission – carefree mobility.',
        '      en: A family business with one mission.',
      ],
      ['        - 15 Automarken', '        - 15 Marken'],
    ])
    expect(entry('de', 'pages/about:elements[about-facts].right#2')).toMatchObject({ translation: '15 Marken', fuzzy: false })
    expect(contentProblems(scratch, contentDir())).toEqual([])
  })

  it('report a conflict when YAML and catalog both changed, and overwrite neither', () => {
    const context = 'pages/about:elements[about-hero].subtitle'
    edit('content/pages/about.yaml', 'en: A family business with 2,400', 'en: An edited family business with 2,400')
    setTranslation('en', context, 'A translator’s family business.')
    const yaml = read('content/pages/about.yaml')
    const result = extractContent(scratch, contentDir())
    expect(result.applied).toBe(0)
    expect(result.conflicts).toHaveLength(1)
    expect(result.conflicts[0]).toMatch(
      /^content\/pages\/about\.yaml:20: en pages\/about:elements\[about-hero\]\.subtitle: .* app\/locales\/en\/content\.po:\d+;/,
    )
    expect(read('content/pages/about.yaml')).toBe(yaml)
    expect(entry('en', context).translation).toBe('A translator’s family business.')
    expect(contentProblems(scratch, contentDir()).join('\n')).toContain('in conflict')
  })

  it('keep a translator’s unfinished work when an editor changes the same text in the YAML', () => {
    const context = 'pages/about:elements[about-facts].right#2'
    edit('content/pages/about.yaml', '- 15 automerken', '- 16 automerken')
    extractContent(scratch, contentDir())
    // The translator starts on the fuzzy German entry and leaves it fuzzy (not yet reviewed)…
    const po = catalog('de')
    po.entries = po.entries.map((e) => (e.context === context ? { ...e, translation: '16 Automarken' } : e))
    writeFileSync(join(scratch, catalogPath('de')), serializePo(po))
    // …while an editor changes the German text of the same list in the admin.
    edit('content/pages/about.yaml', '- 15 Automarken', '- 15 Marken')
    extractContent(scratch, contentDir())
    expect(entry('de', context)).toMatchObject({ translation: '16 Automarken', fuzzy: true })
    expect(read('content/pages/about.yaml')).toContain('        - 15 Marken\n')
  })

  it('take a blank msgstr for no translation, never writing it into the YAML', () => {
    const yaml = read('content/pages/about.yaml')
    setTranslation('en', 'pages/about:elements[about-hero].subtitle', '   ')
    expect(extractContent(scratch, contentDir())).toMatchObject({ applied: 0, changed: [], conflicts: [] })
    expect(read('content/pages/about.yaml')).toBe(yaml)
  })

  it('refuse a translation that breaks a link, naming the catalog line', () => {
    const context = 'pages/contact:elements[contact-details].right#2'
    expect(entry('en', context).id).toContain('](tel:+31301234567)')
    const broken = entry('en', context).translation.replace('](tel:+31301234567)', '(tel:+31301234567)')
    setTranslation('en', context, broken)
    const line = entry('en', context).line ?? 0
    expect(read(catalogPath('en')).split('\n')[line - 1]).toMatch(/^msgstr /)
    const problems = contentProblems(scratch, contentDir())
    expect(problems).toContain(
      `app/locales/en/content.po:${line}: en ${context}: link targets differ from the Dutch: tel:+31301234567 missing`,
    )
  })

  it('keep every translation when items without ids are reordered (their keys are indices)', () => {
    const text = read('content/pages/home.yaml')
    const first = text.slice(text.indexOf('      - icon: car\n'), text.indexOf('      - icon: wrench\n'))
    const second = text.slice(text.indexOf('      - icon: wrench\n'), text.indexOf('      - icon: shield\n'))
    writeFileSync(join(scratch, 'content/pages/home.yaml'), text.replace(first + second, second + first))
    expect(extractContent(scratch, contentDir())).toMatchObject({ applied: 0, conflicts: [] })
    expect(entry('de', 'pages/home:elements[home-services].items[0].title')).toMatchObject({
      id: 'Onderhoud',
      translation: 'Wartung',
      fuzzy: false,
    })
    expect(entry('de', 'pages/home:elements[home-services].items[1].title')).toMatchObject({
      id: 'Nieuw en occasion',
      translation: 'Neu und gebraucht',
      fuzzy: false,
    })
    expect(targetLocales.flatMap((l) => catalog(l).entries.filter((e) => e.fuzzy || !e.translation))).toEqual([])
    expect(contentProblems(scratch, contentDir())).toEqual([])
  })

  it('read a content folder named by an absolute CONTENT_DIR, outside the project, with the same catalogs', () => {
    const outside = join(mkdtempSync(join(tmpdir(), 'content-po-outside-')), 'content')
    cpSync(contentDir(), outside, { recursive: true })
    const saved = process.env.CONTENT_DIR
    process.env.CONTENT_DIR = outside
    try {
      expect(defaultContentDir(scratch)).toBe(outside)
    } finally {
      if (saved === undefined) delete process.env.CONTENT_DIR
      else process.env.CONTENT_DIR = saved
    }
    for (const { file, text, old } of contentCatalogTexts(scratch, outside)) expect(text, file).toBe(old)
    setTranslation('en', 'pages/about:elements[about-hero].subtitle', 'A family business with one mission.')
    expect(extractContent(scratch, outside)).toMatchObject({ applied: 1, changed: ['content/pages/about.yaml'], conflicts: [] })
    expect(readFileSync(join(outside, 'pages/about.yaml'), 'utf8')).toContain('en: A family business with one mission.')
    rmSync(dirname(outside), { recursive: true, force: true })
  })

  it('give an entry’s status per language as extract would count it, fuzzy as soon as its Dutch changed', () => {
    const counts = (file: string) =>
      fileTranslationStatus(scratch, contentDir(), file)?.map(({ locale, translated, fuzzy, missing }) => ({
        locale,
        translated,
        fuzzy,
        missing,
      }))
    const texts = catalog('en').entries.filter((e) => e.context.startsWith('pages/about:')).length
    expect(counts('pages/about.yaml')).toEqual(targetLocales.map((locale) => ({ locale, translated: texts, fuzzy: 0, missing: 0 })))
    edit('content/pages/about.yaml', 'title: { nl: Over ons,', 'title: { nl: Over ons en onze mensen,')
    expect(counts('pages/about.yaml')).toEqual(targetLocales.map((locale) => ({ locale, translated: texts - 1, fuzzy: 1, missing: 0 })))
    // A news item in some languages: nothing in the others.
    expect(
      counts('news/lease-actie.yaml')
        ?.filter((s) => s.translated === 0)
        .map((s) => s.locale),
    ).toEqual(['fr', 'da'])
    // No texts for translators, or no catalogs beside the content: no status.
    expect(counts('navigation.yaml')).toBeUndefined()
    expect(fileTranslationStatus(mkdtempSync(join(tmpdir(), 'content-po-none-')), contentDir(), 'pages/about.yaml')).toBeUndefined()
  })

  it('read Poedit’s and Weblate’s output of a catalog (wrapped at 79 and 77, their headers) like extract’s own', () => {
    const fixture = (name: string) => parsePo(readFileSync(join(root, 'tests/unit/fixtures/content-po', name), 'utf8'), name)
    const ours = fixture('extract.po')
    expect(ours.entries.map((e) => [e.context, e.fuzzy])).toEqual([
      ['pages/about:title', true],
      ['pages/about:metaDescription', false],
      ['pages/contact:elements[contact-details].right#2', false],
      ['news/jubileum:body#2', false],
    ])
    for (const name of ['poedit.po', 'weblate.po']) {
      const theirs = fixture(name)
      expect(
        theirs.entries.map((e) => ({ ...e, line: undefined })),
        name,
      ).toEqual(ours.entries.map((e) => ({ ...e, line: undefined })))
      expect(theirs.headerComments).toEqual(ours.headerComments)
    }
    expect(new Map(fixture('poedit.po').headers).get('Language')).toBe('de_DE')
    expect(new Map(fixture('weblate.po').headers).get('Language-Team')).toBe(
      'German <https://weblate.example/projects/autogroep/content/de/>',
    )
  })

  it('leave what a PO editor wrote in the headers, so its catalog stays in sync', () => {
    for (const [locale, headers] of [
      [
        'de',
        [
          ['Language', 'de_DE'],
          ['Last-Translator', 'Anna Schmidt <anna@example.de>'],
          ['X-Generator', 'Poedit 3.5'],
        ],
      ],
      [
        'fr',
        [
          ['Plural-Forms', 'nplurals=2; plural=n > 1;'],
          ['Language-Team', 'French <https://weblate.example/>'],
          ['X-Generator', 'Weblate 5.8.4'],
        ],
      ],
    ] as const) {
      const po = catalog(locale)
      const changed = new Map<string, string>(headers)
      po.headers = [
        ...po.headers.map(([name, value]): [string, string] => [name, changed.get(name) ?? value]),
        ...headers.filter(([name]) => name === 'X-Generator').map(([name, value]): [string, string] => [name, value]),
      ]
      writeFileSync(join(scratch, catalogPath(locale)), serializePo(po))
    }
    const written = targetLocales.map((l) => read(catalogPath(l)))
    expect(contentProblems(scratch, contentDir())).toEqual([])
    extractContent(scratch, contentDir())
    expect(targetLocales.map((l) => read(catalogPath(l)))).toEqual(written)
  })

  it.skipIf(spawnSync('msgmerge', ['--version']).error !== undefined)('read back the same after msgmerge and a 79-column msgcat', () => {
    for (const locale of targetLocales) {
      const file = join(scratch, catalogPath(locale))
      const original = parsePo(readFileSync(file, 'utf8'))
      for (const [tool, args] of [
        ['msgmerge', ['--previous', '--quiet', '-o', file, file, file]],
        ['msgcat', ['--width=79', '-o', file, file]],
      ] as const) {
        const result = spawnSync(tool, args, { encoding: 'utf8' })
        expect(result.status, result.stderr).toBe(0)
        const rewritten = parsePo(readFileSync(file, 'utf8'))
        expect(
          rewritten.entries.map((e) => ({ ...e, line: undefined })),
          `${tool} ${locale}`,
        ).toEqual(original.entries.map((e) => ({ ...e, line: undefined })))
      }
    }
    expect(contentProblems(scratch, contentDir())).toEqual([])
  })

  it.skipIf(spawnSync('msgcat', ['--version']).error !== undefined)('read back the same after gettext’s msgcat rewrote them', () => {
    for (const locale of targetLocales) {
      const file = join(scratch, catalogPath(locale))
      const original = parsePo(readFileSync(file, 'utf8'))
      const result = spawnSync('msgcat', ['-o', file, file], { encoding: 'utf8' })
      expect(result.status, result.stderr).toBe(0)
      const rewritten = parsePo(readFileSync(file, 'utf8'))
      expect(rewritten.entries.map((e) => ({ ...e, line: undefined }))).toEqual(original.entries.map((e) => ({ ...e, line: undefined })))
      expect(rewritten.headers).toEqual(original.headers)
    }
    expect(contentProblems(scratch, contentDir())).toEqual([])
  })
})

describe.skipIf(spawnSync('msgfmt', ['--version']).error !== undefined)('the committed content catalogs', () => {
  it.each(targetLocales.map(catalogPath))('%s pass msgfmt -c without a warning', (file) => {
    const result = spawnSync('msgfmt', ['-c', '--check-format', '-o', '/dev/null', file], { encoding: 'utf8' })
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })
})

describe('Markdown pieces', () => {
  it('give every rich text back exactly, structure outside the texts', () => {
    const model = readContentTexts(root, join(root, 'content'))
    for (const text of model.texts.filter((t) => t.rich)) {
      for (const value of Object.values(text.values)) {
        if (value !== undefined) expect(joinPieces(markdownPieces(value), [])).toBe(value)
      }
    }
    expect(markdownSegments('## Kop\n\nEen **vette** [link](/x).\nTweede regel\n\n- een\n- twee')).toEqual([
      'Kop',
      'Een **vette** [link](/x).\nTweede regel',
      'een',
      'twee',
    ])
  })
})
