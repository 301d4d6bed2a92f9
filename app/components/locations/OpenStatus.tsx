import { useLingui } from '@lingui/react/macro'
import type { HoursView } from '../../locations/hours-view'
import { localTime, openStatus } from '../../locations/open-status'

/** "Open now · closes at 18:00" / "Closed · opens Monday at 08:00", at `now` in the location's zone. */
export function OpenStatusLine({ hours, now }: { hours: HoursView; now: number }) {
  const { t } = useLingui()
  const status = openStatus(hours.schedule, hours.timeZone, new Date(now), hours.offsets)
  let text: string
  if (status.open) {
    const until = status.until
    if (until === null) text = t({ id: 'location.status.openAlways', message: 'Nu open · dag en nacht' })
    else {
      const time = until.interval.closesLabel
      const day = hours.dayNames.inline[until.day] ?? ''
      text =
        until.dayOffset === 0
          ? t({ id: 'location.status.openUntil', message: `Nu open · sluit om ${time}` })
          : t({ id: 'location.status.openUntilDay', message: `Nu open · sluit ${day} om ${time}` })
    }
  } else {
    const next = status.next
    if (next === null) return null
    const time = next.interval.opensLabel
    const day = hours.dayNames.inline[next.day] ?? ''
    text =
      next.dayOffset === 0
        ? t({ id: 'location.status.opensToday', message: `Gesloten · opent vandaag om ${time}` })
        : next.dayOffset === 1
          ? t({ id: 'location.status.opensTomorrow', message: `Gesloten · opent morgen om ${time}` })
          : t({ id: 'location.status.opensOn', message: `Gesloten · opent ${day} om ${time}` })
  }
  return (
    <p className={status.open ? 'open-status open-status--open' : 'open-status open-status--closed'} data-open={status.open}>
      <span className="open-status__dot" aria-hidden="true" />
      {text}
    </p>
  )
}

/** The week as a table, today's row marked (today in the location's zone). */
export function HoursTable({ hours, now, caption }: { hours: HoursView; now: number; caption: string }) {
  const { t } = useLingui()
  const today = localTime(new Date(now), hours.timeZone, hours.offsets).day
  const closed = t({ id: 'location.hours.closed', message: 'Gesloten' })
  return (
    <table className="hours-table">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {hours.dayNames.heading.map((name, day) => {
          const intervals = hours.schedule[day] ?? []
          const isToday = day === today
          return (
            <tr key={name} aria-current={isToday ? 'date' : undefined} className={isToday ? 'is-today' : undefined}>
              <th scope="row">
                {name}
                {isToday ? <span className="hours-table__today">{t({ id: 'location.hours.today', message: 'vandaag' })}</span> : null}
              </th>
              <td>{intervals.length ? intervals.map((i) => `${i.opensLabel}–${i.closesLabel}`).join(', ') : closed}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
