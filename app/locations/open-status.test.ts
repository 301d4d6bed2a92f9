import { describe, expect, it } from 'vitest'
import { localTime, openStatus, resolveTimeZone, zoneOffsets } from './open-status'
import { weekSchedule } from './opening-hours'

const dealer = weekSchedule(['Mo-Fr 08:00-18:00', 'Sa 09:00-17:00'])
const workshop = weekSchedule(['Mo-Fr 07:30-17:30'])
const at = (iso: string) => new Date(iso)

/** The status as a short text, so expectations read like the page. */
function status(schedule: ReturnType<typeof weekSchedule>, timeZone: string, iso: string): string {
  const result = openStatus(schedule, timeZone, at(iso))
  const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  if (result.open) return result.until ? `open until ${time(result.until.interval.closes)} +${result.until.dayOffset}` : 'open always'
  return result.next ? `closed, opens ${time(result.next.interval.opens)} +${result.next.dayOffset} (day ${result.next.day})` : 'closed'
}

describe('localTime', () => {
  it('reads the wall clock of the zone, summer time included', () => {
    // Friday 27 March 2026, winter time: UTC+1.
    expect(localTime(at('2026-03-27T16:30:00Z'), 'Europe/Amsterdam')).toEqual({ day: 4, minutes: 17 * 60 + 30 })
    // Monday 30 March 2026, summer time since Sunday 01:00 UTC: UTC+2.
    expect(localTime(at('2026-03-30T16:30:00Z'), 'Europe/Amsterdam')).toEqual({ day: 0, minutes: 18 * 60 + 30 })
    expect(localTime(at('2026-03-30T16:30:00Z'), 'Europe/London')).toEqual({ day: 0, minutes: 17 * 60 + 30 })
    expect(localTime(at('2026-03-30T00:00:00Z'), 'UTC')).toEqual({ day: 0, minutes: 0 })
  })
})

describe('zoneOffsets: the local time by arithmetic in the browser', () => {
  it('finds the summer-time changes of the year ahead to the minute', () => {
    const from = Date.UTC(2026, 0, 1)
    expect(zoneOffsets('Europe/Amsterdam', from)).toEqual({
      spans: [
        { from, minutes: 60 },
        { from: Date.UTC(2026, 2, 29, 1), minutes: 120 },
        { from: Date.UTC(2026, 9, 25, 1), minutes: 60 },
      ],
      until: from + 400 * 86_400_000,
    })
    expect(zoneOffsets('UTC', from).spans).toEqual([{ from, minutes: 0 }])
    expect(zoneOffsets('America/St_Johns', from, 30).spans).toEqual([{ from, minutes: -210 }])
  })

  it('gives the same wall clock as Intl at every hour of the year, in and around the changes', () => {
    const from = Date.UTC(2026, 2, 1)
    for (const zone of ['Europe/Amsterdam', 'Europe/London', 'Europe/Lisbon', 'America/New_York', 'Australia/Sydney']) {
      const offsets = zoneOffsets(zone, from)
      for (let instant = from; instant < offsets.until; instant += 3_600_000 - 60_000) {
        expect(localTime(new Date(instant), zone, offsets), `${zone} ${new Date(instant).toISOString()}`).toEqual(
          localTime(new Date(instant), zone),
        )
      }
    }
  })

  it('gives no spans for an offset it cannot read, so Intl answers', () => {
    // Monrovia kept its local mean time, GMT-00:44:30, until 1972.
    const offsets = zoneOffsets('Africa/Monrovia', Date.UTC(1970, 0, 1), 10)
    expect(offsets.spans).toEqual([])
    expect(localTime(at('1970-01-02T12:00:00Z'), 'Africa/Monrovia', offsets)).toEqual(
      localTime(at('1970-01-02T12:00:00Z'), 'Africa/Monrovia'),
    )
  })

  it('falls back to Intl outside the stretch it covers', () => {
    const offsets = zoneOffsets('Europe/Amsterdam', Date.UTC(2026, 0, 1), 30)
    // Summer, after the stretch: the spans only know winter time, Intl knows better.
    expect(localTime(at('2026-06-01T06:15:00Z'), 'Europe/Amsterdam', offsets)).toEqual({ day: 0, minutes: 8 * 60 + 15 })
    expect(localTime(at('2025-06-01T06:15:00Z'), 'Europe/Amsterdam', offsets)).toEqual({ day: 6, minutes: 8 * 60 + 15 })
    expect(openStatus(dealer, 'Europe/Amsterdam', at('2026-06-01T06:15:00Z'), offsets).open).toBe(true)
  })
})

describe('openStatus in the location’s own time zone', () => {
  it('the same instant is open in Amsterdam and not yet in London', () => {
    // Monday 1 June 2026, 06:15 UTC: 08:15 in Amsterdam and Copenhagen, 07:15 in London.
    expect(status(workshop, 'Europe/Amsterdam', '2026-06-01T06:15:00Z')).toBe('open until 17:30 +0')
    expect(status(workshop, 'Europe/Copenhagen', '2026-06-01T06:15:00Z')).toBe('open until 17:30 +0')
    expect(status(workshop, 'Europe/London', '2026-06-01T06:15:00Z')).toBe('closed, opens 07:30 +0 (day 0)')
  })

  it('a zone already past midnight counts the next day', () => {
    // Friday 5 June 2026, 22:30 UTC: still Friday in London, already Saturday in Amsterdam.
    expect(status(dealer, 'Europe/London', '2026-06-05T22:30:00Z')).toBe('closed, opens 09:00 +1 (day 5)')
    expect(status(dealer, 'Europe/Amsterdam', '2026-06-05T22:30:00Z')).toBe('closed, opens 09:00 +0 (day 5)')
  })

  it('closes at the closing minute, in winter and in summer time (last Sunday of March)', () => {
    // Friday 27 March, CET: 17:59 open, 18:00 closed until Saturday 09:00.
    expect(status(dealer, 'Europe/Amsterdam', '2026-03-27T16:59:00Z')).toBe('open until 18:00 +0')
    expect(status(dealer, 'Europe/Amsterdam', '2026-03-27T17:00:00Z')).toBe('closed, opens 09:00 +1 (day 5)')
    // The same UTC time of day on Monday 30 March, CEST, is an hour later on the wall clock.
    expect(status(dealer, 'Europe/Amsterdam', '2026-03-27T16:30:00Z')).toBe('open until 18:00 +0')
    expect(status(dealer, 'Europe/Amsterdam', '2026-03-30T16:30:00Z')).toBe('closed, opens 08:00 +1 (day 1)')
    expect(status(dealer, 'Europe/Amsterdam', '2026-03-30T15:59:00Z')).toBe('open until 18:00 +0')
  })

  it('the night the clocks go forward and back is still Sunday, closed until Monday', () => {
    // 29 March 2026: 01:30 CET, then (the hour from 02:00 does not exist) 03:30 CEST.
    expect(status(dealer, 'Europe/Amsterdam', '2026-03-29T00:30:00Z')).toBe('closed, opens 08:00 +1 (day 0)')
    expect(status(dealer, 'Europe/Amsterdam', '2026-03-29T01:30:00Z')).toBe('closed, opens 08:00 +1 (day 0)')
    // 25 October 2026: 02:30 happens twice (CEST, then CET).
    expect(status(dealer, 'Europe/Amsterdam', '2026-10-25T00:30:00Z')).toBe('closed, opens 08:00 +1 (day 0)')
    expect(status(dealer, 'Europe/Amsterdam', '2026-10-25T01:30:00Z')).toBe('closed, opens 08:00 +1 (day 0)')
  })

  it('opens at the opening minute after the clocks went back (last Sunday of October)', () => {
    // Monday 26 October 2026, CET (UTC+1): 07:59 closed, opening today; 08:00 open.
    expect(status(dealer, 'Europe/Amsterdam', '2026-10-26T06:59:00Z')).toBe('closed, opens 08:00 +0 (day 0)')
    expect(status(dealer, 'Europe/Amsterdam', '2026-10-26T07:00:00Z')).toBe('open until 18:00 +0')
    // Saturday 24 October, still CEST (UTC+2): 16:59 open until 17:00.
    expect(status(dealer, 'Europe/Amsterdam', '2026-10-24T14:59:00Z')).toBe('open until 17:00 +0')
  })

  it('a week without Sunday hours: after Saturday’s closing it opens on Monday', () => {
    expect(status(dealer, 'Europe/Berlin', '2026-06-06T15:30:00Z')).toBe('closed, opens 08:00 +2 (day 0)')
    // A workshop closed at weekends, on Friday evening: Monday, three days on.
    expect(status(workshop, 'Europe/Paris', '2026-06-05T17:00:00Z')).toBe('closed, opens 07:30 +3 (day 0)')
  })

  it('follows hours past midnight into the next day, and knows day-and-night opening', () => {
    const late = weekSchedule(['Mo-Fr 22:00-24:00', 'Tu-Sa 00:00-06:00'])
    // Monday 1 June 23:00 in Amsterdam (21:00 UTC): open until Tuesday 06:00.
    expect(status(late, 'Europe/Amsterdam', '2026-06-01T21:00:00Z')).toBe('open until 06:00 +1')
    expect(status(weekSchedule(['Mo-Su 00:00-24:00']), 'Europe/Amsterdam', '2026-06-01T21:00:00Z')).toBe('open always')
  })

  it('a location without hours is closed with no next opening', () => {
    expect(status(weekSchedule([]), 'Europe/Amsterdam', '2026-06-01T10:00:00Z')).toBe('closed')
  })
})

describe('resolveTimeZone', () => {
  it('keeps a valid zone and falls back to the country’s, then UTC', () => {
    expect(resolveTimeZone('Europe/London', 'GB')).toBe('Europe/London')
    expect(resolveTimeZone('Mars/Olympus', 'DK')).toBe('Europe/Copenhagen')
    expect(resolveTimeZone('', 'ZZ')).toBe('UTC')
  })
})
