import type { Locale } from '../../app.config'
import { capitalized, labelledSchedule, weekdayNames, type LabelledInterval } from './format'
import { resolveTimeZone, zoneOffsets, type ZoneOffsets } from './open-status'
import { weekSchedule, type WeekSchedule } from './opening-hours'

/** A location's week as its page shows it, every string in the page language. */
export interface HoursView {
  timeZone: string
  /** The zone's offsets for the year ahead: the browser tells the local time without Intl (ADR 046). */
  offsets: ZoneOffsets
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
  now: number = Date.now(),
): HoursView {
  const days = weekdayNames(locale)
  const timeZone = resolveTimeZone(location.timeZone, location.address.country)
  return {
    timeZone,
    offsets: offsetsFrom(timeZone, now),
    schedule: labelledSchedule(weekSchedule(location.openingHours), locale),
    dayNames: { inline: days, heading: days.map((day) => capitalized(day, locale)) },
  }
}

/**
 * The offsets from the start of `now`'s day, made once per zone and day: every uncached location
 * page of a zone shares them (a year of daily samples is a few hundred formatter calls).
 * Kept one per zone: a CMS has a handful of zones.
 */
const offsetsByZone = new Map<string, { day: number; offsets: ZoneOffsets }>()
function offsetsFrom(timeZone: string, now: number): ZoneOffsets {
  const day = Math.floor(now / 86_400_000)
  const kept = offsetsByZone.get(timeZone)
  if (kept?.day === day) return kept.offsets
  const offsets = zoneOffsets(timeZone, day * 86_400_000)
  offsetsByZone.set(timeZone, { day, offsets })
  return offsets
}
