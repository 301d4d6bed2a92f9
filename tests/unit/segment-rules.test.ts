import { describe, expect, it } from 'vitest'
import { historyProblems, segmentProblems, updateHistory } from '../../scripts/lib/segment-rules'

const today = { 'segment.news': 'nachricht', 'segment.privacy': 'datenschutz' }

describe('URL segment rules (npm run i18n:check)', () => {
  it('accept lowercase ASCII words joined by dashes', () => {
    expect(segmentProblems({ ...today, 'segment.terms': 'algemene-voorwaarden-2' })).toEqual([])
  })

  it.each([
    ['Nachricht', 'lowercase'],
    ['nachrichten ', 'lowercase'],
    ['nachrichten/alt', 'lowercase'],
    ['actualités', 'lowercase'],
    ['news--old', 'lowercase'],
    ['-news', 'lowercase'],
    ['', 'lowercase'],
    ['de', 'language code'],
    ['api', 'reserved'],
  ])('refuse %j, naming the entry', (value, reason) => {
    const problems = segmentProblems({ ...today, 'segment.news': value })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(`segment.news "${value}"`)
    expect(problems[0]).toContain(reason)
  })

  it('refuse two pages with one segment', () => {
    expect(segmentProblems({ ...today, 'segment.privacy': 'nachricht' })).toEqual([
      'segment.privacy "nachricht" is also the segment of segment.news: each page needs its own',
    ])
  })
})

describe('URL segment history (npm run extract)', () => {
  it('appends a changed segment and keeps the old value for the redirect', () => {
    const history = updateHistory(
      { de: { 'segment.news': ['nachricht'], 'segment.privacy': ['datenschutz'] } },
      { de: { ...today, 'segment.news': 'nachrichten' } },
    )
    expect(history).toEqual({ de: { 'segment.news': ['nachricht', 'nachrichten'], 'segment.privacy': ['datenschutz'] } })
  })

  it('drops an old value a page uses again, and segments that are gone', () => {
    const history = updateHistory(
      { de: { 'segment.news': ['meldung', 'nachricht'], 'segment.privacy': ['meldung', 'datenschutz'], 'segment.gone': ['weg'] } },
      { de: { 'segment.news': 'meldung', 'segment.privacy': 'datenschutz' } },
    )
    expect(history).toEqual({ de: { 'segment.news': ['nachricht', 'meldung'], 'segment.privacy': ['datenschutz'] } })
  })

  it('is reported when it lags behind the catalog', () => {
    const recorded = { de: { 'segment.news': ['nachricht'], 'segment.privacy': ['datenschutz'] } }
    expect(historyProblems(recorded, { de: today })).toEqual([])
    const [problem] = historyProblems(recorded, { de: { ...today, 'segment.news': 'nachrichten' } })
    expect(problem).toContain('de segment.news is "nachrichten" in routes.po')
  })
})
