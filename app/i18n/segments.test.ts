import type { Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { localeCodes } from '../../app.config'
import { buildRenamedSegments, buildSegmentTable, segmentTable } from './segments'

// The rules every segment follows (URL-safe, unique per locale) are checked on the catalogs
// by `npm run i18n:check` (scripts/lib/segment-rules.ts), where translators change them.
describe('localized URL segments', () => {
  it('match the paths SPEC.md §2 fixes (news, privacy, terms, cookie policy)', () => {
    expect(segmentTable.nl.news).toBe('nieuws')
    expect(segmentTable.en.news).toBe('news')
    expect(segmentTable.fr.news).toBe('actualites')
    expect(segmentTable.de.news).toBe('nachricht')
    expect(segmentTable.da.news).toBe('nyheder')
    expect(segmentTable.nl.privacy).toBe('privacy')
    expect(segmentTable.en.privacy).toBe('privacy')
    expect(segmentTable.de.privacy).toBe('datenschutz')
    expect(segmentTable.fr.privacy).toBe('confidentialite')
    expect(segmentTable.da.privacy).toBe('fortrolighed')
    for (const locale of localeCodes) expect(segmentTable[locale].terms).toBe('algemene-voorwaarden')
    for (const locale of localeCodes) expect(segmentTable[locale].cookiePolicy).toBe('cookie-policy')
  })

  it('follow the catalogs: a translator’s change changes the segment', () => {
    const empty: Messages = {}
    const table = buildSegmentTable({ nl: empty, en: { 'segment.news': 'newsroom' }, de: empty, fr: empty, da: empty })
    expect(table.en.news).toBe('newsroom')
  })

  it('keep their earlier values, each pointing at its page, unless a page uses the value today', () => {
    const table = buildSegmentTable({
      nl: {},
      en: {},
      de: { 'segment.news': 'nachrichten', 'segment.privacy': 'nachricht-alt' },
      fr: {},
      da: {},
    })
    const renamed = buildRenamedSegments(table, {
      de: { 'segment.news': ['meldung', 'nachricht-alt', 'nachrichten'], 'segment.privacy': ['datenschutz', 'nachricht-alt'] },
    })
    expect([...renamed.de]).toEqual([
      ['meldung', 'news'],
      ['datenschutz', 'privacy'],
    ])
    expect(renamed.en.size).toBe(0)
  })
})
