/**
 * URL segments belong to translators (routes.po). These are the rules a segment must follow,
 * checked by `npm run i18n:check`, and the record of the values each segment has had, which
 * `npm run extract` keeps in app/i18n/segment-history.json so old URLs answer a 301.
 */
import { localeCodes } from '../../app.config'
import { reservedFirstSegments } from '../../app/i18n/paths'

/** Lowercase ASCII letters and digits, words joined by single dashes. */
export const segmentPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** One locale's segments by message id (`segment.news` → `nachricht`). */
export type Segments = Record<string, string>

/** Per locale, per message id, every value the segment has had, oldest first; the last is today's. */
export type SegmentHistory = Record<string, Record<string, string[]>>

/** What is wrong with one locale's segments, each problem naming its entry. */
export function segmentProblems(segments: Segments): string[] {
  const problems: string[] = []
  const owner = new Map<string, string>()
  for (const [id, value] of Object.entries(segments)) {
    if (!segmentPattern.test(value)) {
      problems.push(`${id} "${value}": use lowercase ASCII letters (a-z), digits and single dashes only`)
    } else if ((localeCodes as ReadonlyArray<string>).includes(value)) {
      problems.push(`${id} "${value}" is a language code: /${value} would mean that language`)
    } else if (reservedFirstSegments.has(value)) {
      problems.push(`${id} "${value}" is reserved for the server (/${value})`)
    }
    const other = owner.get(value)
    if (other !== undefined) problems.push(`${id} "${value}" is also the segment of ${other}: each page needs its own`)
    owner.set(value, id)
  }
  return problems
}

/**
 * The history after today's segments: a changed segment appends its new value (the old one
 * stays, to be redirected). A value that is some page's segment today is no longer an old
 * one anywhere in that locale, and segments no longer in the catalog are forgotten.
 */
export function updateHistory(history: SegmentHistory, current: Record<string, Segments>): SegmentHistory {
  const next: SegmentHistory = {}
  for (const [locale, segments] of Object.entries(current)) {
    const todays = new Set(Object.values(segments))
    const row: Record<string, string[]> = {}
    for (const [id, value] of Object.entries(segments)) {
      const before = history[locale]?.[id] ?? []
      row[id] = [...before.filter((old) => !todays.has(old)), value]
    }
    next[locale] = row
  }
  return next
}

/** Differences between the recorded history and today's segments, for `i18n:check`. */
export function historyProblems(history: SegmentHistory, current: Record<string, Segments>): string[] {
  const expected = updateHistory(history, current)
  const problems: string[] = []
  for (const [locale, row] of Object.entries(expected)) {
    for (const [id, values] of Object.entries(row)) {
      const recorded = history[locale]?.[id]
      if (JSON.stringify(recorded) !== JSON.stringify(values)) {
        problems.push(`${locale} ${id} is "${values.at(-1)}" in routes.po, the history says ${JSON.stringify(recorded ?? [])}`)
      }
    }
  }
  if (problems.length === 0 && JSON.stringify(expected) !== JSON.stringify(history))
    problems.push('it lists segments routes.po no longer has')
  return problems
}
