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

/** The old site's paths are data: its locale prefixes (`/de_DE/…`) are URLs, not a language list. */
const dataTables = new Set([join('app', 'legacy-redirects.ts')])

describe('languages', () => {
  it('are written out in app.config.ts only; everything else derives from it', () => {
    const found = sources('app')
      .filter((file) => !dataTables.has(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line: line.trim(), at: `${file}:${index + 1}` }))
          // Comments may name a code as an example.
          .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && !line.startsWith('/*'))
          .filter(({ line }) => writtenOut.some((pattern) => pattern.test(line)))
          .map(({ at, line }) => `${at}: ${line}`),
      )
    expect(found).toEqual([])
    // The patterns find what they are meant to (so an empty list above means something).
    const [recordKeys, quotedList, iso] = writtenOut
    expect(recordKeys?.test("{ nl: make('nl'), en: make('en') }")).toBe(true)
    expect(quotedList?.test("v.picklist(['nl', 'en', 'de'])")).toBe(true)
    expect(iso?.test("?? 'nl_NL'")).toBe(true)
    const config = readFileSync('app.config.ts', 'utf8')
    expect(recordKeys?.test(config) && iso?.test(config)).toBe(true)
  })
})
