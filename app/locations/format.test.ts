import { afterEach, describe, expect, it, vi } from 'vitest'
import { capitalized, formatTime, labelledSchedule, weekdayNames } from './format'
import { hoursView } from './hours-view'
import { weekSchedule } from './opening-hours'

describe('hours in the page language', () => {
  it('names the days Monday first', () => {
    expect(weekdayNames('nl')[0]).toBe('maandag')
    expect(weekdayNames('en')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    expect(weekdayNames('de')[6]).toBe('Sonntag')
    expect(weekdayNames('fr')[2]).toBe('mercredi')
    expect(capitalized(weekdayNames('da')[4] ?? '', 'da')).toBe('Fredag')
  })

  it('writes times on the 24-hour clock, as each language does', () => {
    expect(formatTime(480, 'en')).toBe('08:00')
    expect(formatTime(17 * 60 + 30, 'nl')).toBe('17:30')
    expect(formatTime(17 * 60 + 30, 'da')).toBe('17.30')
    expect(formatTime(1440, 'de')).toBe('24:00')
  })

  it('labels every interval of the week', () => {
    const week = labelledSchedule(weekSchedule(['Sa 09:00-17:00']), 'fr')
    expect(week[5]).toEqual([{ opens: 540, closes: 1020, opensLabel: '09:00', closesLabel: '17:00' }])
  })
})

describe('the week as a location page shows it', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('makes no Intl formatter once a language and a zone have been seen', () => {
    const location = {
      openingHours: ['Mo-Fr 08:00-12:00,13:00-18:00', 'Sa 09:00-17:00'],
      timeZone: 'Europe/Berlin',
      address: { country: 'DE' },
    }
    const first = hoursView(location, 'de')
    // Each one costs ~150 µs and native memory: per render they slowed location pages and grew RSS.
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    const again = hoursView(location, 'de')
    expect(made).not.toHaveBeenCalled()
    expect(again).toEqual(first)
    again.dayNames.inline[0] = 'changed'
    expect(hoursView(location, 'de').dayNames.inline[0]).toBe('Montag')
  })

  it('names days in the page language, labels times, and reads them in a zone the site knows', () => {
    const view = hoursView({ openingHours: ['Mo-Fr 08:00-18:00'], timeZone: 'Europe/Nowhere', address: { country: 'DK' } }, 'da')
    expect(view.timeZone).toBe('Europe/Copenhagen')
    expect(view.dayNames.inline[0]).toBe('mandag')
    expect(view.dayNames.heading[6]).toBe('Søndag')
    expect(view.schedule[0]).toEqual([{ opens: 480, closes: 1080, opensLabel: '08.00', closesLabel: '18.00' }])
    expect(view.schedule[6]).toEqual([])
  })
})
