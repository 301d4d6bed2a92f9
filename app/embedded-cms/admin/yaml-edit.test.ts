import { readFileSync } from 'node:fs'
import { diffLines } from 'diff'
import { describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { editedYaml, stamped } from './yaml-edit'

/** The lines that differ between two texts: [removed, added]. */
function changedLines(before: string, after: string): [string[], string[]] {
  const removed: string[] = []
  const added: string[] = []
  for (const part of diffLines(before, after)) {
    const lines = part.value.split('\n').filter((line) => line !== '')
    if (part.removed) removed.push(...lines)
    if (part.added) added.push(...lines)
  }
  return [removed, added]
}

describe('a save changes only what changed in the file', () => {
  it("a location's phone is a one-line diff of its file, flow maps kept", () => {
    const before = readFileSync('content/locations/utrecht-dealer.yaml', 'utf8')
    const data = parse(before)
    expect(typeof data.phone).toBe('string')
    data.phone = '+31 30 000 00 00'
    // Decap sends its own style: block maps, other quoting, keys in its own order.
    const sent = parse(stringify(data, { collectionStyle: 'block' }))
    const after = editedYaml(before, sent)
    expect(parse(after)).toEqual(sent)
    const [removed, added] = changedLines(before, after)
    expect(removed).toHaveLength(1)
    expect(added).toEqual(['phone: "+31 30 000 00 00"'])
  })

  it('keeps comments, order and flow style of every content file saved unchanged', () => {
    for (const file of ['content/navigation.yaml', 'content/pages/home.yaml', 'content/pages/about.yaml', 'content/site.yaml']) {
      const before = readFileSync(file, 'utf8')
      expect(editedYaml(before, parse(stringify(parse(before), { collectionStyle: 'block' }))), file).toBe(before)
    }
  })

  it('moves reordered blocks by id, drops removed keys, adds new ones, and always gives the data back', () => {
    const before =
      '# The page\nid: p\nelements:\n  - id: a # first\n    text: { nl: A }\n  - id: b\n    text: { nl: B }\nmenuTitle: { nl: M }\n'
    const value = {
      id: 'p',
      elements: [
        { id: 'b', text: { nl: 'B' } },
        { id: 'a', text: { nl: 'A' } },
        { id: 'c', text: { nl: 'C' } },
      ],
      sort: 3,
    }
    const after = editedYaml(before, value)
    expect(parse(after)).toEqual(value)
    expect(after).toContain('# The page')
    expect(after).toContain('- id: a # first')
    expect(after).not.toContain('menuTitle')
    for (const strange of ['a: "x [ y"\n', 'a: [ 1, 2 ]\n', 'a: |\n  two\n  lines\n']) {
      const changed = { a: 'x [y' }
      expect(parse(editedYaml(strange, changed))).toEqual(changed)
    }
    expect(parse(editedYaml(undefined, value))).toEqual(value)
    expect(parse(editedYaml('not: [valid', value))).toEqual(value)
  })
})

describe('a long text replaced', () => {
  it('is written from the merged document, without diffing every line against every other', () => {
    const lines = (word: string) => Array.from({ length: 20_000 }, (_, i) => `  ${word} ${i}`).join('\n')
    const before = `# kept\nid: p\ntext: |\n${lines('old')}\n`
    const value = { id: 'p', text: `${lines('new').replace(/^ {2}/gm, '')}\n` }
    const after = editedYaml(before, value)
    expect(parse(after)).toEqual(value)
    expect(after).toContain('# kept')
  }, 10_000)
})

describe('lastEdited', () => {
  const now = new Date('2026-11-29T10:11:12.345Z')
  it("is set by the server on a changed page's or location's file, and only there", () => {
    expect(stamped('dated', { id: 'p', title: 'a' }, { id: 'p', title: 'b', lastEdited: '2020-01-01T00:00:00Z' }, now)).toEqual({
      id: 'p',
      title: 'b',
      lastEdited: '2026-11-29T10:11:12Z',
    })
    const unchanged = { id: 'p', title: 'a', lastEdited: '2020-01-01T00:00:00Z' }
    expect(stamped('dated', unchanged, unchanged, now)).toBe(unchanged)
    // A new file (nothing before) is a change.
    expect(stamped('dated', undefined, { id: 'z', phone: '3' }, now)).toEqual({ id: 'z', phone: '3', lastEdited: '2026-11-29T10:11:12Z' })
    expect(stamped('other', { title: 'a' }, { title: 'b' }, now)).toEqual({ title: 'b' })
  })
})
