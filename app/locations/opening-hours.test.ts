import { describe, expect, it } from 'vitest'
import { readOpeningHours, weekSchedule } from './opening-hours'

describe('openingHours values', () => {
  it('reads days, ranges and lists of times', () => {
    expect(readOpeningHours('Mo-Fr 08:00-18:00')).toEqual({ days: [0, 1, 2, 3, 4], intervals: [{ opens: 480, closes: 1080 }] })
    expect(readOpeningHours('Mo,We, Sa 09:00-12:00,13:00-17:00')).toEqual({
      days: [0, 2, 5],
      intervals: [
        { opens: 540, closes: 720 },
        { opens: 780, closes: 1020 },
      ],
    })
    expect(readOpeningHours('Su 00:00-24:00')).toEqual({ days: [6], intervals: [{ opens: 0, closes: 1440 }] })
  })

  it('says why a value cannot be read, and which part', () => {
    expect(readOpeningHours('by appointment')).toEqual({ problem: { kind: 'format', item: 'by appointment' } })
    expect(readOpeningHours('Sa-Mo 09:00-17:00')).toEqual({ problem: { kind: 'backwards', item: 'Sa-Mo' } })
    expect(readOpeningHours('Mo, Xx 09:00-17:00')).toEqual({ problem: { kind: 'day', item: 'Xx' } })
    expect(readOpeningHours('Mo 08:00-12:00,22:00-02:00')).toEqual({ problem: { kind: 'order', item: '22:00-02:00' } })
    expect(readOpeningHours('Mo 08:00-25:00')).toEqual({ problem: { kind: 'time', item: '08:00-25:00' } })
  })

  it('builds the week, Monday first, merging values that name the same day', () => {
    const week = weekSchedule(['Mo-Fr 08:00-12:00', 'Fr 11:00-18:00', 'Sa 09:00-17:00', 'nonsense'])
    expect(week).toHaveLength(7)
    expect(week[0]).toEqual([{ opens: 480, closes: 720 }])
    expect(week[4]).toEqual([{ opens: 480, closes: 1080 }])
    expect(week[5]).toEqual([{ opens: 540, closes: 1020 }])
    expect(week[6]).toEqual([])
  })
})
