/**
 * The parse cache a start-up keeps in DATA_DIR: the next start parses only files whose
 * text it has not parsed before, validates everything again, and survives a damaged cache file.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { loadParsedFiles, saveParsedFiles } from './parse-cache.server'
import { ContentError, readContentSteps, textDigest, type ParsedFiles } from './read'
import { runAtOnce } from './steps'

const scratch = mkdtempSync(join(tmpdir(), 'cms-parse-cache-'))
let copies = 0

/**
 * A copy of the repository's content under its own folder name: files are known to the reader
 * by that name, so what an earlier read in this process checked is not reused (read.ts).
 */
function contentCopy(): string {
  const dir = join(scratch, `content-${++copies}`)
  cpSync('content', dir, { recursive: true })
  return dir
}

const read = (dir: string, parsed: ParsedFiles) => runAtOnce(readContentSteps(dir, parsed))
const newsFile = (dir: string) => join(dir, 'news', 'wintercheck.yaml')
const retitled = (text: string, title: string) => text.replace(/^(title:\n\s+nl: ).*$/m, `$1${title}`)
const titleOf = (raw: ReturnType<typeof read>, file: string) => raw.news.find((entry) => entry.file.endsWith(file))?.item.title.nl

describe('content parse cache', () => {
  it('lets a start reuse what the last one parsed, and parse only changed files', () => {
    const cacheFile = join(scratch, 'reuse', 'content-parse-cache.json')
    const first = loadParsedFiles(cacheFile)
    expect(first.earlier.size).toBe(0)
    read(contentCopy(), first)
    expect(first.now.size).toBeGreaterThan(10)
    expect(saveParsedFiles(cacheFile, first)).toBe(true)

    const second = loadParsedFiles(cacheFile)
    expect(second.earlier).toEqual(first.now)
    const dir = contentCopy()
    // The cache's data for this text says something else: what the read serves shows which it used.
    const text = readFileSync(newsFile(dir), 'utf8')
    expect(second.earlier.get(textDigest(text))).toEqual(parse(text))
    const cached: unknown = parse(retitled(text, 'Uit de cache'))
    const earlier = new Map(second.earlier).set(textDigest(text), cached)
    // An edited file is parsed again, whatever the cache holds.
    const edited = join(dir, 'news', 'jubileum.yaml')
    const before = readFileSync(edited, 'utf8')
    writeFileSync(edited, retitled(before, 'Bewerkt'))
    const parsed: ParsedFiles = { earlier, now: new Map() }
    const raw = read(dir, parsed)
    expect(titleOf(raw, 'wintercheck.yaml')).toBe('Uit de cache')
    expect(titleOf(raw, 'jubileum.yaml')).toBe('Bewerkt')
    expect(parsed.now.has(textDigest(before))).toBe(false)
    // What changed is kept for the next start; an unchanged read writes nothing.
    expect(saveParsedFiles(cacheFile, parsed)).toBe(true)
    const third = loadParsedFiles(cacheFile)
    read(contentCopy(), third)
    expect(saveParsedFiles(cacheFile, { earlier: third.now, now: third.now })).toBe(false)
  })

  it('validates cached data like freshly parsed data', () => {
    const dir = contentCopy()
    const text = readFileSync(newsFile(dir), 'utf8')
    const broken: unknown = parse(text.replace(/^date: .*$/m, 'date: gisteren'))
    const parsed: ParsedFiles = { earlier: new Map([[textDigest(text), broken]]), now: new Map() }
    expect(() => read(dir, parsed)).toThrow(ContentError)
    expect(() => read(dir, parsed)).toThrow(/wintercheck\.yaml:\d+:\d+: date: must be a date/)
  })

  it('counts a damaged, foreign or absent cache file as empty', () => {
    const cacheFile = join(scratch, 'damaged.json')
    writeFileSync(cacheFile, '{"format":"content parse cache 1; yaml')
    expect(loadParsedFiles(cacheFile).earlier.size).toBe(0)
    writeFileSync(cacheFile, JSON.stringify({ format: 'another', entries: [['x', { a: 1 }]] }))
    expect(loadParsedFiles(cacheFile).earlier.size).toBe(0)
    expect(loadParsedFiles(join(scratch, 'absent.json')).earlier.size).toBe(0)
  })

  it('keeps only data that JSON gives back as it was', () => {
    const cacheFile = join(scratch, 'numbers.json')
    const now = new Map<string, unknown>([
      ['finite', { lat: 52.1, list: [1, 'two', null, true] }],
      ['infinite', { lat: Number.POSITIVE_INFINITY }],
      ['nan', [Number.NaN]],
    ])
    saveParsedFiles(cacheFile, { earlier: new Map(), now })
    expect(loadParsedFiles(cacheFile).earlier).toEqual(new Map([['finite', { lat: 52.1, list: [1, 'two', null, true] }]]))
  })
})
