/**
 * Opening hours as the CMS states them: schema.org `openingHours` strings such as
 * "Mo-Fr 08:00-18:00", "Sa 09:00-12:00,13:00-17:00" or "Mo,We,Fr 09:00-17:00", read in the
 * location's own time zone. Pure: the embedded CMS validates content with it, the site reads
 * any CMS's strings with it (an unreadable one is left out rather than failing the page).
 */

/** The days of the week in schema.org's spelling, Monday first (index 0), as Europe counts them. */
export const dayCodes = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const

/** Minutes since local midnight; `closes` may be 1440 (24:00, the end of the day). */
export interface Interval {
  opens: number
  closes: number
}

/** Per day of the week, Monday first: its opening intervals in order (none = closed all day). */
export type WeekSchedule<I extends Interval = Interval> = ReadonlyArray<ReadonlyArray<I>>

export type ParsedHours = { days: number[]; intervals: Interval[] }

const dayIndex = (code: string): number => dayCodes.findIndex((day) => day === code)

function parseTime(value: string, allowEndOfDay: boolean): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value)
  if (!match) return null
  const hours = Number(match[1])
  const minutes = Number(match[2])
  if (allowEndOfDay && hours === 24 && minutes === 0) return 1440
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null
}

/**
 * Why a value cannot be read, by kind (the embedded CMS words it for editors; the browser, which
 * runs this too, needs no messages): `item` is the days or time range at fault.
 */
export type HoursProblem = { kind: 'format' | 'day' | 'backwards' | 'time' | 'order'; item: string }

/**
 * One `openingHours` value, or why it cannot be read. Days wrapping round the week (Sa-Mo) and
 * hours past midnight (22:00-02:00) are not accepted: they are written as two values.
 */
export function readOpeningHours(value: string): ParsedHours | { problem: HoursProblem } {
  const match = /^([A-Za-z,\s-]+?)\s+(\d{2}:\d{2}-\d{2}:\d{2}(?:\s*,\s*\d{2}:\d{2}-\d{2}:\d{2})*)$/.exec(value.trim())
  if (!match) return { problem: { kind: 'format', item: value } }
  const [, dayPart = '', timePart = ''] = match
  const days = new Set<number>()
  for (const item of dayPart.split(',').map((part) => part.trim())) {
    const [from = '', to, ...rest] = item.split('-')
    const start = dayIndex(from)
    const end = to === undefined ? start : dayIndex(to)
    if (rest.length > 0 || start < 0 || end < 0) return { problem: { kind: 'day', item } }
    if (end < start) return { problem: { kind: 'backwards', item } }
    for (let day = start; day <= end; day++) days.add(day)
  }
  const intervals: Interval[] = []
  for (const range of timePart.split(',').map((part) => part.trim())) {
    const [from = '', to = ''] = range.split('-')
    const opens = parseTime(from, false)
    const closes = parseTime(to, true)
    if (opens === null || closes === null) return { problem: { kind: 'time', item: range } }
    if (closes <= opens) return { problem: { kind: 'order', item: range } }
    intervals.push({ opens, closes })
  }
  return { days: [...days].sort((a, b) => a - b), intervals }
}

export function parseOpeningHours(value: string): ParsedHours | null {
  const parsed = readOpeningHours(value)
  return 'problem' in parsed ? null : parsed
}

/**
 * The week from a location's `openingHours` values: each day's intervals sorted, overlapping
 * ones merged (two values naming the same day add up). Unreadable values are left out.
 */
export function weekSchedule(values: ReadonlyArray<string>): WeekSchedule {
  const week: Interval[][] = dayCodes.map(() => [])
  for (const value of values) {
    const parsed = parseOpeningHours(value)
    if (!parsed) continue
    for (const day of parsed.days) week[day]?.push(...parsed.intervals)
  }
  return week.map((intervals) => {
    const merged: Interval[] = []
    for (const interval of [...intervals].sort((a, b) => a.opens - b.opens)) {
      const last = merged.at(-1)
      if (last && interval.opens <= last.closes) last.closes = Math.max(last.closes, interval.closes)
      else merged.push({ ...interval })
    }
    return merged
  })
}

/** "08:00" for 480 minutes: schema.org's and JSON-LD's spelling of a time. */
export function isoTime(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}
