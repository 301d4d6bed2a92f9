/**
 * The generated forms speak the admin's language: every field, block and pattern message of the
 * content schemas has its words in each (decap-labels.ts), and list rows are labelled by what
 * they hold.
 */
import { describe, expect, it } from 'vitest'
import { languages, localeCodes } from '../../../app.config'
import { decapConfig, localizedWidget, type DecapField } from './decap-config'
import {
  adminLanguages,
  decapPhraseGaps,
  decapPhrasesUnused,
  fieldHints,
  fieldLabels,
  pageKindNames,
  patternMessages,
  words,
  type AdminLanguage,
} from './decap-labels'
import { refusalFor, translated, translatedMessages } from './problem-names'

/** Every field of a configuration, with the path it is at. */
function allFields(language: AdminLanguage): Array<[string, DecapField]> {
  const walk = (fields: readonly DecapField[] | undefined, at: string): Array<[string, DecapField]> =>
    (fields ?? []).flatMap((field) => [
      [`${at}${field.name}`, field] as [string, DecapField],
      ...walk(field.fields, `${at}${field.name}.`),
      ...walk(field.types, `${at}${field.name}[]`),
      ...walk(field.field ? [field.field] : [], `${at}${field.name}[]`),
    ])
  return decapConfig({ backend: {}, language }).collections.flatMap((collection) =>
    'folder' in collection
      ? walk(collection.fields, `${collection.name}: `)
      : collection.files.flatMap((file) => walk(file.fields, `${file.name}: `)),
  )
}

const languageCodes = new Set<string>(languages.map(({ code }) => code))

describe("the admin's forms in its language", () => {
  it.each(adminLanguages)('%s: every field, block type and pattern message has its words', (language) => {
    const fields = allFields(language)
    const unnamed = fields.filter(([, field]) => !languageCodes.has(field.name) && fieldLabels[field.name] === undefined).map(([at]) => at)
    expect(unnamed).toEqual([])
    // The kind of page in the hidden collection of all pages has a name of its own ("Kind of page").
    const wrong = fields.filter(
      ([at, field]) => at !== 'pages: type' && !languageCodes.has(field.name) && field.label !== fieldLabels[field.name]?.[language],
    )
    expect(wrong.map(([at]) => at)).toEqual([])
    const messages = new Set(Object.values(patternMessages).map((words) => words[language]))
    expect(fields.filter(([, field]) => field.pattern && !messages.has(field.pattern[1])).map(([at]) => at)).toEqual([])
    // A news item's date says it schedules the item (decap-config.ts): a hint of its own, not of every date.
    const hints = new Set([...Object.values(fieldHints).map((words) => words[language]), words.scheduledDate[language]])
    expect(
      fields
        .filter(([, field]) => field.hint && !hints.has(field.hint) && !field.hint.startsWith(words.onlyFor[language]))
        .map(([at]) => at),
    ).toEqual([])
  })

  it("speaks the site's languages, each word in each (a language missing fails here)", () => {
    // The site's languages (today all five); one added later is not until its words are written.
    expect(localeCodes).toEqual(expect.arrayContaining([...adminLanguages]))
    const tables: Array<[string, Record<string, Record<string, string>>]> = [
      ['fieldLabels', fieldLabels],
      ['fieldHints', fieldHints],
      ['patternMessages', patternMessages],
      ['words', words],
      ...Object.entries(pageKindNames).flatMap(([kind, names]): Array<[string, Record<string, Record<string, string>>]> => [
        [`pageKindNames.${kind}`, { label: names.label, singular: names.singular, description: names.description }],
      ]),
    ]
    const gaps = tables.flatMap(([table, entries]) =>
      Object.entries(entries).flatMap(([key, texts]) =>
        localeCodes.filter((code) => (texts[code] ?? '').trim() === '').map((code) => `${table}.${key}.${code}`),
      ),
    )
    expect(gaps).toEqual([])
  })

  it("words a refusal in each language: every message the server's checks give is translated into each", () => {
    const gaps = translatedMessages.flatMap((say, index) =>
      localeCodes.filter((code) => code !== 'en' && typeof Reflect.get(say, code) !== 'function').map((code) => `${index}.${code}`),
    )
    expect(gaps).toEqual([])
    expect(translated('must not be empty', 'de')).toBe('darf nicht leer sein')
    expect(translated('must not be empty', 'fr')).toBe('ne doit pas être vide')
    expect(translated('must not be empty', 'da')).toBe('må ikke være tom')
    expect(translated('page "contact" does not exist in en', 'de')).toBe('die Seite "contact" gibt es nicht auf Englisch')
    expect(translated('must be lowercase words joined by dashes', 'fr')).toBe(
      patternMessages['must be lowercase words joined by dashes']?.fr,
    )
    expect(translated('must be a whole number, got "ten"', 'da')).toBe('skal være et helt tal (nu: "ten")')
    const page = 'id: about\ntype: Page\ntitle:\n  nl: Over ons\n'
    const refusal = refusalFor(
      'content/pages/about.yaml:3:3: title.de: missing',
      new Map([['content/pages/about.yaml', page]]),
      new Set(['content/pages/about.yaml']),
      'de',
    )
    expect(refusal.error).toBe('Nicht gespeichert: Titel (de): fehlt')
    expect(refusal.problems[0]).toMatchObject({ field: 'Titel (de)', message: 'fehlt', trail: ['Titel', 'Deutsch (de)'] })
  })

  it('Dutch by default, English when asked; a language is labelled by its own name in both', () => {
    const title = (language?: AdminLanguage) =>
      allFields(language ?? 'nl').find(([at]) => at === 'pages-page: title')?.[1] ?? { label: '', name: '', widget: '' }
    expect(decapConfig({ backend: {} }).locale).toBe('nl')
    expect(title('nl')).toMatchObject({ label: 'Titel', widget: localizedWidget })
    expect(title('en')).toMatchObject({ label: 'Title', widget: localizedWidget })
    expect(title('nl').fields?.map((field) => field.label)).toEqual([
      'Nederlands (nl)',
      'English (en)',
      'Deutsch (de)',
      'Français (fr)',
      'Dansk (da)',
    ])
    const news = decapConfig({ backend: {}, language: 'en' }).collections.find((collection) => collection.name === 'news')
    expect(news).toMatchObject({ label: 'News', label_singular: 'News item' })
  })

  it('list rows are labelled by their title or name, never by an id', () => {
    const fields = new Map(allFields('nl'))
    const blocks = fields.get('pages-page: elements')?.types ?? []
    expect(blocks.length).toBeGreaterThan(5)
    for (const block of blocks) expect(block.summary, block.name).toBe("{{fields.title.nl | default('(zonder titel)')}}")
    expect(fields.get('pages-page: elements[]Icons.items')?.summary).toBe('{{fields.title.nl}}')
    expect(fields.get('pages-timelinepage: entries')?.summary).toBe('{{fields.title.nl}}')
    expect(fields.get('site: socialLinks')?.summary).toBeUndefined()
  })
})

describe("Decap's own texts in the admin's languages", () => {
  /** Every text of Decap's phrases, by its path. */
  const paths = (phrases: object, at = ''): string[] =>
    Object.entries(phrases).flatMap(([name, value]) =>
      typeof value === 'object' && value !== null ? paths(value, `${at}${name}.`) : [`${at}${name}`],
    )

  it('has every text the installed Decap lacks in Dutch, German, French or Danish, or knows it unused', async () => {
    // Decap's phrases per language as its bundle registers them (the package's main needs a browser).
    const phrasesOf = async (language: AdminLanguage): Promise<object> => {
      const module: unknown = await import(`../../../node_modules/decap-cms-locales/dist/esm/${language}/index.js`)
      const phrases: unknown = typeof module === 'object' && module !== null ? Reflect.get(module, 'default') : undefined
      if (typeof phrases !== 'object' || phrases === null) throw new Error(`no Decap phrases for ${language}`)
      return phrases
    }
    const englishPhrases = await phrasesOf('en')
    const english = paths(englishPhrases)
    for (const language of adminLanguages.filter((code) => code !== 'en')) {
      const own = new Set(paths(await phrasesOf(language)))
      const lacking = english.filter(
        (path) => !own.has(path) && !decapPhraseGaps[path] && !decapPhrasesUnused.some((unused) => path.startsWith(unused)),
      )
      expect(lacking, `Decap's ${language} lacks these: add them to decapPhraseGaps`).toEqual([])
    }
    // Each added text keeps Decap's placeholders.
    for (const [path, texts] of Object.entries(decapPhraseGaps)) {
      const placeholders = (text: string) => [...text.matchAll(/%\{\w+\}/g)].map(([found]) => found).sort()
      const englishText = path
        .split('.')
        .reduce<unknown>((at, name) => (typeof at === 'object' && at !== null ? Reflect.get(at, name) : undefined), englishPhrases)
      expect(typeof englishText, path).toBe('string')
      for (const text of Object.values(texts)) expect(placeholders(text), path).toEqual(placeholders(String(englishText)))
    }
  })
})
