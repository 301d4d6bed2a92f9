/**
 * The migration of ADR 098 (scripts/lib/content-split-locations.ts): a content folder's single
 * locations.yaml becomes one file per location that the site reads as it read the list.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../app/embedded-cms/content/read'
import { splitLocations, splitLocationsText } from '../../scripts/lib/content-split-locations'

const names = readdirSync('content/locations').filter((name) => name.endsWith('.yaml'))

/** The repository's locations as the single file of before: a `locations:` list of their lines. */
function singleFile(): string {
  const items = names.map((name) =>
    readFileSync(join('content/locations', name), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line, index) => (index === 0 ? `  - ${line}` : `    ${line}`))
      .join('\n'),
  )
  return `# Locations of the group.\nlocations:\n${items.join('\n')}\n`
}

/** A content folder like the repository's, with its locations as the single file of before. */
function oldFolder(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'split-locations-')), 'content')
  cpSync('content', dir, { recursive: true })
  rmSync(join(dir, 'locations'), { recursive: true })
  writeFileSync(join(dir, 'locations.yaml'), singleFile())
  return dir
}

describe('npm run content:split-locations', () => {
  it('writes each location’s lines as they were, in a file named by its id, and the site reads the same locations', () => {
    const dir = oldFolder()
    expect(() => readContent(dir)).toThrow(/content\/locations\.yaml: locations are now one file each in content\/locations\//)
    const outcome = splitLocations(dir)
    expect(outcome).toEqual({ written: expect.any(Array) })
    expect(existsSync(join(dir, 'locations.yaml'))).toBe(false)
    expect(readdirSync(join(dir, 'locations')).sort()).toEqual([...names].sort())
    for (const name of names)
      expect(readFileSync(join(dir, 'locations', name), 'utf8'), name).toBe(readFileSync(join('content/locations', name), 'utf8'))
    expect(readContent(dir).locations.map(({ location }) => location)).toEqual(
      readContent('content').locations.map(({ location }) => location),
    )
    // Run again: nothing left to do.
    expect(splitLocations(dir)).toEqual({ nothing: expect.stringContaining('none') })
  })

  it('gives a location without lastEdited the old file’s date, keeps its comment, and rewrites what it cannot move', () => {
    const text = [
      'locations:',
      '  # The first',
      '  - id: a',
      '    name: "A"',
      '    address: { city: "X" }',
      '  - { id: b, name: B }',
      '',
    ].join('\n')
    const files = splitLocationsText(text, new Date('2026-01-02T03:04:05.678Z'))
    expect(files).toEqual(
      new Map([
        ['a', '# The first\nid: a\nlastEdited: 2026-01-02T03:04:05Z\nname: "A"\naddress: { city: "X" }\n'],
        ['b', 'id: b\nlastEdited: 2026-01-02T03:04:05Z\nname: B\n'],
      ]),
    )
  })

  it('refuses ids that cannot name a file or are used twice, and never overwrites a file', () => {
    const now = new Date()
    expect(splitLocationsText('locations:\n  - id: A/b\n', now)).toMatch(/locations\[0\]\.id: "A\/b" cannot name a file/)
    expect(splitLocationsText('locations:\n  - id: a\n  - id: a\n', now)).toMatch(/locations\[1\]\.id: "a" is used twice/)
    expect(splitLocationsText('other: 1\n', now)).toMatch(/no `locations:` list/)
    const dir = oldFolder()
    writeFileSync(join(dir, 'locations.yaml'), 'locations:\n  - id: utrecht-dealer\n    name: X\n')
    cpSync('content/locations/utrecht-dealer.yaml', join(dir, 'taken.yaml'))
    rmSync(join(dir, 'locations'), { recursive: true, force: true })
    cpSync('content/locations', join(dir, 'locations'), { recursive: true })
    utimesSync(join(dir, 'locations.yaml'), now, now)
    const outcome = splitLocations(dir)
    expect(outcome).toEqual({ problem: expect.stringMatching(/utrecht-dealer\.yaml: already there; nothing was written/) })
    expect(readFileSync(join(dir, 'locations/utrecht-dealer.yaml'), 'utf8')).toBe(
      readFileSync('content/locations/utrecht-dealer.yaml', 'utf8'),
    )
    expect(existsSync(join(dir, 'locations.yaml'))).toBe(true)
  })
})
