import { countryTimeZones } from '../../../app.config'

/**
 * Scheduled news (ADR 093): an item dated in the future is not shown to visitors (lists, its
 * page, the feed, the sitemap) until its day begins in the group's home time zone; preview
 * mode shows it already. The content store reloads at that moment on every worker and instance.
 */

/** The zone a news item's date is read in: the group's home country (its language is served without prefix). */
export const publicationTimeZone = countryTimeZones.NL

/** The date (`2026-11-29`) it is at `at` in `zone`. */
export function dayIn(at: Date, zone: string = publicationTimeZone): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

/** How far `zone` is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at))
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value ?? 0)
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - (at - (at % 1000))
}

/** The moment a date (`2026-12-01`) begins in `zone`. */
export function startOfDay(date: string, zone: string = publicationTimeZone): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  const midnightUtc = Date.UTC(year, month - 1, day)
  // Twice: the offset at the guess can differ from the offset at the answer across a DST change.
  const guess = midnightUtc - offsetAt(midnightUtc, zone)
  return new Date(midnightUtc - offsetAt(guess, zone))
}

/** Whether an item dated `date` is out for visitors on `today`. */
export const isOut = (date: string, today: string): boolean => date <= today

/** The earliest date after `today` among `dates`, or undefined: when the content must be built again. */
export function nextPublication(dates: Iterable<string>, today: string): string | undefined {
  let next: string | undefined
  for (const date of dates) if (!isOut(date, today) && (next === undefined || date < next)) next = date
  return next
}
