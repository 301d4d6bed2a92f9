import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** Source files of the app (tests and generated types left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.(?:ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$|routeTree\.gen\.ts$/.test(entry.name) ? [path] : []
  })
}

const code = '(?:nl|en|de|fr|da)'
/** A list of the site's languages written out: two codes as record keys, two quoted codes in a row, or a CMS iso code. */
const writtenOut = [
  new RegExp(`\\b${code}\\s*:[^\\n]*\\b${code}\\s*:`),
  new RegExp(`'${code}'\\s*,\\s*'${code}'`),
  /\b(?:nl_NL|en_US|de_DE|fr_FR|da_DK)\b/,
]

/** A record written out over lines: a language code as the key of this line and the next. */
const keyLine = new RegExp(`^${code}\\??\\s*:`)

/**
 * Tables that must be written out, and say so: the old site's paths are data (its locale
 * prefixes, `/de_DE/…`, are URLs, not a language list); ALTCHA's language packs are literal
 * imports for the bundler, in a Record over the locales that tsc fails on a sixth one. The
 * admin's words are tables of text per language, Records over the locales likewise (ADR 110).
 */
const dataTables = new Set([
  join('app', 'legacy-redirects.ts'),
  join('app', 'blocks', 'ContactForm', 'AltchaWidget.tsx'),
  // The admin's words in each of the site's languages (ADR 097, 110): Records over the locales.
  join('app', 'embedded-cms', 'admin', 'decap-labels.ts'),
  join('app', 'embedded-cms', 'admin', 'problem-names.ts'),
  join('app', 'server', 'admin', 'admin-words.ts'),
])

/** The lines of `text` that write the languages out. */
function writtenOutIn(file: string, text: string): string[] {
  const lines = text.split('\n').map((line) => line.trim())
  return (
    lines
      .map((line, index) => ({ line, next: lines[index + 1] ?? '', at: `${file}:${index + 1}` }))
      // Comments may name a code as an example.
      .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && !line.startsWith('/*'))
      .filter(({ line, next }) => writtenOut.some((pattern) => pattern.test(line)) || (keyLine.test(line) && keyLine.test(next)))
      .map(({ at, line }) => `${at}: ${line}`)
  )
}

describe('languages', () => {
  it('are written out in app.config.ts only; everything else derives from it', () => {
    const found = sources('app')
      .filter((file) => !dataTables.has(file))
      .flatMap((file) => writtenOutIn(file, readFileSync(file, 'utf8')))
    expect(found).toEqual([])
    // The patterns find what they are meant to (so an empty list above means something).
    const [recordKeys, quotedList, iso] = writtenOut
    expect(recordKeys?.test("{ nl: make('nl'), en: make('en') }")).toBe(true)
    expect(quotedList?.test("v.picklist(['nl', 'en', 'de'])")).toBe(true)
    expect(iso?.test("?? 'nl_NL'")).toBe(true)
    expect(writtenOutIn('schema.ts', 'v.strictObject({\n  nl: v.optional(text),\n  en: v.optional(text),\n})')).toEqual([
      'schema.ts:2: nl: v.optional(text),',
    ])
    const config = readFileSync('app.config.ts', 'utf8')
    expect(recordKeys?.test(config) && iso?.test(config)).toBe(true)
  })
})
