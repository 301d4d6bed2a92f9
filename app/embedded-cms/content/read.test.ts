import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ContentError, ContentSources, contentFileLimits, parseContentYaml } from './read'

const fastParse = (text: string) => ({ data: parseContentYaml('a.yaml', text) })

/** Every YAML file under a folder. */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('parseContentYaml (js-yaml) reads the content as yaml does', () => {
  it('gives the same data for every content file', () => {
    const files = yamlFiles('content')
    expect(files.length).toBeGreaterThan(10)
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      expect(fastParse(text)?.data, file).toEqual(parse(text))
    }
  })

  // Values an editor might write; the content-at-scale fixture is copies of the content's files.
  const scalars = [
    'yes',
    'no',
    'on',
    'True',
    'TRUE',
    '~',
    'null',
    'Null',
    '',
    '2026-09-02T08:30:00Z',
    '2026-09-02',
    '12:30',
    '0o17',
    '017',
    '0x1F',
    '0b101',
    '00012',
    '+12',
    '-0',
    '1_000',
    '12345678901234567890',
    '1e3',
    '0.1e-2',
    '1.',
    '.5',
    '-.5',
    '.inf',
    '-.INF',
    '.NaN',
    '"quoted # not a comment"',
    "'it''s'",
    '"\\u00e9\\t"',
    'Bienvenue !',
    'x #comment',
    '[1, "b", {c: d}]',
    '{}',
    '|\n  two\n  lines\n',
    '>-\n  folded\n  text\n',
  ]
  it.each(scalars)('a: %s', (value) => {
    const text = `a: ${value}\n`
    expect(fastParse(text)?.data).toEqual(parse(text))
  })

  it('gives the same data for merge keys of an inline map and numeric keys', () => {
    for (const text of ['<<: {b: 1}\n', '"1": x\n2: y\n']) expect(fastParse(text).data).toEqual(parse(text))
  })

  it('leaves to yaml what it refuses or reads otherwise: an empty file, a comment, a directive', () => {
    for (const text of ['', '# only a comment\n', '%YAML 1.1\n---\na: yes\n']) expect(fastParse(text).data, text).toEqual(parse(text, { version: '1.1' }))
  })
})

describe('what a content file may be, before it is parsed', () => {
  const refused = (text: string) => {
    try {
      parseContentYaml('content/pages/x.yaml', text)
    } catch (error) {
      if (error instanceof ContentError) return error.message
      throw error
    }
    return undefined
  }

  it('refuses anchors, aliases and tags, naming the place: a small file cannot stand for a huge one', () => {
    const bomb = `e: &e {type: text, text: {nl: "${'x'.repeat(60_000)}"}}\nelements: [${Array.from({ length: 90 }, () => '*e').join(', ')}]\n`
    expect(refused(bomb)).toBe('content/pages/x.yaml:1:4: anchors, aliases and tags (&name, *name, !tag) are not used in content; write the value out')
    expect(refused('a: 1\nb: !!str 12\n')).toMatch(/^content\/pages\/x\.yaml:2:4: anchors, aliases and tags/)
    expect(refused('a: !custom x\n')).toMatch(/^content\/pages\/x\.yaml:1:4: anchors/)
    expect(refused('a: [1]\nb: *a\n')).toMatch(/^content\/pages\/x\.yaml:2:4: anchors/)
  })

  it('refuses a file larger than the limit, or nested too deep, without parsing it', () => {
    expect(refused(`text: "${'x'.repeat(contentFileLimits.bytes)}"\n`)).toBe(
      'content/pages/x.yaml: 257 KB; a content file holds at most 256 KB (split the page, or shorten its texts)',
    )
    expect(refused('['.repeat(200_000))).toMatch(new RegExp(`^content/pages/x\\.yaml:1:\\d+: nested more than ${contentFileLimits.depth} levels deep$`))
    expect(refused(`a:\n${Array.from({ length: 30 }, (_, i) => `${'  '.repeat(i + 1)}b${i}:`).join('\n')} 1\n`)).toMatch(/nested more than/)
  })

  it('names a syntax error and a duplicate key as yaml finds them', () => {
    expect(refused('a: 1\na: 2\n')).toMatch(/^content\/pages\/x\.yaml:2:1: not valid YAML: /)
  })
})

describe('ContentSources.parse', () => {
  it('names the line and column of a YAML error, as yaml found it', () => {
    expect(() => new ContentSources().parse('content/news/x.yaml', 'id: x\ntitle: - b\n')).toThrow(ContentError)
    expect(() => new ContentSources().parse('content/news/x.yaml', 'id: x\ntitle: - b\n')).toThrow(/^content\/news\/x\.yaml:2:8: not valid YAML: /)
  })

  it('reads what only yaml reads: an empty file is null, a YAML 1.1 file has its booleans', () => {
    expect(new ContentSources().parse('a.yaml', '')).toBeNull()
    expect(new ContentSources().parse('a.yaml', '%YAML 1.1\n---\na: yes\n')).toEqual({ a: true })
  })
})
