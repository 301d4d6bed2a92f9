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

/**
 * A zone's offsets from UTC over a stretch of time: `spans` in time order, each offset (minutes)
 * holding from its `from` (ms since the epoch) to the next span's, the last one until `until`.
 */
export interface ZoneOffsets {
  spans: ReadonlyArray<{ from: number; minutes: number }>
  until: number
}

const dayMs = 86_400_000
const offsetFormatterFor = madeOnce((timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' }))

/**
 * The zone's offset from UTC at an instant, in minutes ("GMT+02:00" → 120, "GMT" → 0); NaN for
 * an offset in seconds (a zone's local mean time, before 1980) or a name it cannot read.
 */
function offsetAt(instant: number, timeZone: string): number {
  const name = offsetFormatterFor(timeZone)
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value
  if (name === 'GMT') return 0
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '')
  if (!match) return Number.NaN
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
}

/**
 * The zone's offsets for `days` days from `from` (Intl, on the server), so the browser can tell the
 * local time by arithmetic: its first date-time formatter would cost a phone's main thread tens of
 * milliseconds while the page hydrates (ADR 046). A change is found to the minute between two
 * daily samples; zones change at most a few times a year.
 */
export function zoneOffsets(timeZone: string, from: number, days = 400): ZoneOffsets {
  const start = Math.floor(from / 60_000) * 60_000
  const spans = [{ from: start, minutes: offsetAt(start, timeZone) }]
  for (let day = 1; day <= days; day++) {
    const at = start + day * dayMs
    const minutes = offsetAt(at, timeZone)
    if (minutes === spans[spans.length - 1]?.minutes) continue
    // The change lies in (at - 1 day, at]: narrow it down to the minute.
    let low = at - dayMs
    let high = at
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000
      if (offsetAt(middle, timeZone) === minutes) high = middle
      else low = middle
    }
    spans.push({ from: high, minutes })
  }
  // An offset it could not read: no spans, so the browser asks Intl (localTime) rather than guess.
  if (spans.some((span) => Number.isNaN(span.minutes))) return { spans: [], until: start }
  return { spans, until: start + days * dayMs }
}

/** Wall-clock day and time in a zone; Intl applies the zone's rules (summer time included). */
export function localTime(now: Date, timeZone: string, offsets?: ZoneOffsets): LocalTime {
  const instant = now.getTime()
  const first = offsets?.spans[0]
  if (offsets && first && first.from <= instant && instant < offsets.until) {
    const span = offsets.spans.findLast((candidate) => candidate.from <= instant) ?? first
    const local = new Date(instant + span.minutes * 60_000)
    return { day: (local.getUTCDay() + 6) % 7, minutes: local.getUTCHours() * 60 + local.getUTCMinutes() }
  }
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
export function openStatus<I extends Interval>(
  schedule: WeekSchedule<I>,
  timeZone: string,
  now: Date,
  offsets?: ZoneOffsets,
): OpenStatus<I> {
  const { day, minutes } = localTime(now, timeZone, offsets)
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
