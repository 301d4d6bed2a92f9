import type { Locale } from '../../app.config'
import { capitalized, labelledSchedule, weekdayNames, type LabelledInterval } from './format'
import { resolveTimeZone } from './open-status'
import { weekSchedule, type WeekSchedule } from './opening-hours'

/** A location's week as its page shows it, every string in the page language. */
export interface HoursView {
  timeZone: string
  schedule: WeekSchedule<LabelledInterval>
  /** Monday first, as a sentence names them ("maandag") and as a table row heads them ("Maandag"). */
  dayNames: { inline: string[]; heading: string[] }
}

/**
 * Made on the server only (the location's server function), so the page renders the same day
 * names and times on the server and while hydrating, whatever the browser's Intl data says, and
 * none of this ships in a browser chunk.
 */
export function hoursView(
  location: { openingHours: ReadonlyArray<string>; timeZone: string; address: { country: string } },
  locale: Locale,
): HoursView {
  const days = weekdayNames(locale)
  return {
    timeZone: resolveTimeZone(location.timeZone, location.address.country),
    schedule: labelledSchedule(weekSchedule(location.openingHours), locale),
    dayNames: { inline: days, heading: days.map((day) => capitalized(day, locale)) },
  }
}
