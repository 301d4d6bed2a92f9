import type { Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { localeCodes } from '../../app.config'
import { buildSegmentTable, segmentTable } from './segments'

describe('localized URL segments', () => {
  it.each(localeCodes)('are complete, non-empty, URL-safe and unique in %s', (locale) => {
    const row = segmentTable[locale]
    const values = Object.values(row)
    expect(values).toHaveLength(4)
    for (const value of values) expect(value).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    expect(new Set(values).size).toBe(values.length)
    // A segment equal to a locale code would make /{code} ambiguous.
    for (const value of values) expect(localeCodes).not.toContain(value)
  })

  it('match the spec', () => {
    expect(segmentTable.nl.news).toBe('nieuws')
    expect(segmentTable.en.news).toBe('news')
    expect(segmentTable.fr.news).toBe('actualites')
    expect(segmentTable.de.news).toBe('nachricht')
    expect(segmentTable.da.news).toBe('nyheder')
    expect(segmentTable.de.privacy).toBe('datenschutz')
    expect(segmentTable.fr.privacy).toBe('confidentialite')
    expect(segmentTable.da.privacy).toBe('fortrolighed')
    for (const locale of localeCodes) expect(segmentTable[locale].terms).toBe('algemene-voorwaarden')
  })

  it('follow the catalogs: a translator’s change changes the segment', () => {
    const empty: Messages = {}
    const table = buildSegmentTable({ nl: empty, en: { 'segment.news': 'newsroom' }, de: empty, fr: empty, da: empty })
    expect(table.en.news).toBe('newsroom')
  })
})
