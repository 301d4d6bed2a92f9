import type { Locale } from '../../app.config'
import { madeOnce } from '../i18n/made-once'
import type { Interval, WeekSchedule } from './opening-hours'

/**
 * Day names and times in the page's language, made on the server (hours-view.ts): the page
 * renders these strings and the browser hydrates the very same ones, whatever its Intl data says
 * (Danish writes 08.00, French lundi).
 */

/** An opening interval with its times as the page language writes them. */
export interface LabelledInterval extends Interval {
  opensLabel: string
  closesLabel: string
}

const monday = Date.UTC(2024, 0, 1)
const dayMs = 24 * 60 * 60 * 1000

const weekdaysIn = madeOnce((locale: Locale) => {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })
  return Array.from({ length: 7 }, (_, day) => format.format(monday + day * dayMs))
})
const timeFormat = madeOnce(
  (locale: Locale) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }),
)

/** The days of the week as a sentence names them (Monday first): "maandag", "Monday". */
export function weekdayNames(locale: Locale): string[] {
  return [...weekdaysIn(locale)]
}

/** "maandag" → "Maandag", for a table's row headers. */
export function capitalized(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)
}

/** A time of day on the 24-hour clock in the language's spelling; 1440 minutes is 24:00. */
export function formatTime(minutes: number, locale: Locale): string {
  const format = timeFormat(locale)
  if (minutes >= 1440) return format.format(monday).replace(/^00/, '24')
  return format.format(monday + minutes * 60_000)
}

export function labelledSchedule(schedule: WeekSchedule, locale: Locale): WeekSchedule<LabelledInterval> {
  return schedule.map((intervals) =>
    intervals.map((interval) => ({
      ...interval,
      opensLabel: formatTime(interval.opens, locale),
      closesLabel: formatTime(interval.closes, locale),
    })),
  )
}
