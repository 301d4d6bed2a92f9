import { countryTimeZones } from '../../app.config'
import { madeOnce } from '../i18n/made-once'
import type { Interval, WeekSchedule } from './opening-hours'

/**
 * Whether a location is open at an instant, in its own time zone (the visitor's does not
 * matter), and when that changes. Pure and clock-free: the caller passes the instant, so the
 * server and the browser agree given the same one, and tests fix it.
 */

/** Day of the week (Monday 0) and minutes since midnight at `now` in `timeZone`. */
export interface LocalTime {
  day: number
  minutes: number
}

const shortDays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
// en-GB with h23: English day abbreviations and 00-23 hours, whatever the page language.
const formatterFor = madeOnce(
  (timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
)

/** Wall-clock day and time in a zone; Intl applies the zone's rules (summer time included). */
export function localTime(now: Date, timeZone: string): LocalTime {
  let day = 0
  let hours = 0
  let minutes = 0
  for (const part of formatterFor(timeZone).formatToParts(now)) {
    if (part.type === 'weekday') day = shortDays.indexOf(part.value)
    else if (part.type === 'hour') hours = Number(part.value) % 24
    else if (part.type === 'minute') minutes = Number(part.value)
  }
  return { day, minutes: hours * 60 + minutes }
}

// Asked by every uncached location page; the answer costs a formatter. The zones come from the CMS.
export const isTimeZone = madeOnce((value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
})

/**
 * The zone a location's hours are read in: its own when valid, else its country's (a CMS may
 * send a zone this browser or server does not know), else UTC.
 */
export function resolveTimeZone(timeZone: string, country: string): string {
  if (isTimeZone(timeZone)) return timeZone
  const fallback = Object.entries(countryTimeZones).find(([code]) => code === country)?.[1]
  return fallback ?? 'UTC'
}

/** A moment in the week, relative to today: `dayOffset` 0 today, 1 tomorrow …, `day` Monday 0. */
export interface WeekMoment<I extends Interval> {
  dayOffset: number
  day: number
  interval: I
}

export type OpenStatus<I extends Interval = Interval> =
  /** Open; `until` is the interval it closes at the end of, null when it never closes (24/7). */
  | { open: true; until: WeekMoment<I> | null }
  /** Closed; `next` is the interval it opens with, null when the week has no hours at all. */
  | { open: false; next: WeekMoment<I> | null }

/**
 * Open or closed at `now`, with the next change. Intervals ending at 24:00 continue into the
 * next day's interval starting at 00:00, so "open day and night" has no closing time.
 */
export function openStatus<I extends Interval>(schedule: WeekSchedule<I>, timeZone: string, now: Date): OpenStatus<I> {
  const { day, minutes } = localTime(now, timeZone)
  const intervalsOn = (offset: number) => schedule[(day + offset) % 7] ?? []
  const current = intervalsOn(0).find((interval) => interval.opens <= minutes && minutes < interval.closes)
  if (current) {
    let until: WeekMoment<I> = { dayOffset: 0, day, interval: current }
    // Follow midnight hand-overs; a whole week of them is never closed.
    for (let offset = 1; offset <= 7 && until.interval.closes === 1440; offset++) {
      const next = intervalsOn(offset).find((interval) => interval.opens === 0)
      if (!next) break
      if (offset === 7) return { open: true, until: null }
      until = { dayOffset: offset, day: (day + offset) % 7, interval: next }
    }
    return { open: true, until }
  }
  for (let offset = 0; offset <= 7; offset++) {
    const next = intervalsOn(offset).find((interval) => offset > 0 || interval.opens > minutes)
    if (next) return { open: false, next: { dayOffset: offset, day: (day + offset) % 7, interval: next } }
  }
  return { open: false, next: null }
}
