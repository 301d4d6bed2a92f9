import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ContentError, ContentSources, fastParse } from './read'

/** Every YAML file under a folder. */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('fastParse (js-yaml) reads the content as yaml does', () => {
  it('gives the same data for every content file', () => {
    const files = yamlFiles('content')
    expect(files.length).toBeGreaterThan(10)
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      expect(fastParse(text)?.data, file).toEqual(parse(text))
    }
  })

  // Values an editor might write; the fixture of issue 37 is copies of the content's files.
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
    '!!str 12',
    '!!int "12"',
    '[1, "b", {c: d}]',
    '{}',
    '|\n  two\n  lines\n',
    '>-\n  folded\n  text\n',
  ]
  it.each(scalars)('a: %s', (value) => {
    const text = `a: ${value}\n`
    expect(fastParse(text)?.data).toEqual(parse(text))
  })

  it('gives the same data for merge keys, anchors and numeric keys', () => {
    for (const text of ['<<: {b: 1}\n', 'x: &v 1\ny: *v\n', '"1": x\n2: y\n']) expect(fastParse(text)?.data).toEqual(parse(text))
  })

  it('leaves to yaml what it refuses or reads otherwise: errors, an empty file, directives, tags it lacks, too many aliases', () => {
    const aliases = `x: &v [1]\ny: [${Array.from({ length: 101 }, () => '*v').join(', ')}]\n`
    for (const text of ['a: - b\n', 'a: 1\na: 2\n', '', '# only a comment\n', '%YAML 1.1\n---\na: yes\n', 'a: !!binary aGk=\n', aliases]) {
      expect(fastParse(text), text).toBeUndefined()
    }
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
