import { describe, expect, it } from 'vitest'
import { buildContent } from './projection.server'
import { readContent } from './read'
import { dayIn, nextPublication, startOfDay } from './schedule'

describe('scheduled news', () => {
  it('reads dates in the group’s home time zone, across a change of clocks', () => {
    expect(dayIn(new Date('2026-11-29T22:59:59Z'))).toBe('2026-11-29')
    expect(dayIn(new Date('2026-11-29T23:00:00Z'))).toBe('2026-11-30')
    expect(startOfDay('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z')
    expect(startOfDay('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z')
    // The night the clocks go forward (Amsterdam, 29 March 2026) begins at CET.
    expect(startOfDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(startOfDay('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z')
  })

  it('waits for the earliest date after today only', () => {
    expect(nextPublication(['2026-11-29', '2027-01-02', '2026-12-24', '2025-01-01'], '2026-11-29')).toBe('2026-12-24')
    expect(nextPublication(['2026-11-29'], '2026-11-29')).toBeUndefined()
  })

  it('leaves an item dated after today out of what visitors see, not out of preview', () => {
    const raw = readContent('content')
    const dates = raw.news.map(({ item }) => item.date).sort()
    const last = dates.at(-1) ?? ''
    const visitors = buildContent(raw, { drafts: false, today: dates.at(-2) ?? '' })
    const preview = buildContent(raw, { drafts: true, today: dates.at(-2) ?? '' })
    const listed = (content: typeof visitors) => (content.news.get('nl_NL') ?? []).map((item) => item.date)
    expect(listed(visitors)).not.toContain(last)
    expect(listed(preview)).toContain(last)
    expect(listed(buildContent(raw, { drafts: false, today: last }))).toContain(last)
  })
})
