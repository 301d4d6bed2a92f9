import { describe, expect, it } from 'vitest'
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
  it('names days in the page language, labels times, and reads them in a zone the site knows', () => {
    const view = hoursView({ openingHours: ['Mo-Fr 08:00-18:00'], timeZone: 'Europe/Nowhere', address: { country: 'DK' } }, 'da')
    expect(view.timeZone).toBe('Europe/Copenhagen')
    expect(view.dayNames.inline[0]).toBe('mandag')
    expect(view.dayNames.heading[6]).toBe('Søndag')
    expect(view.schedule[0]).toEqual([{ opens: 480, closes: 1080, opensLabel: '08.00', closesLabel: '18.00' }])
    expect(view.schedule[6]).toEqual([])
  })
})
