import type { editorWords } from './admin-words'
import type { decapGlobals } from './decap-globals'

/** Which date is a publication date (ADR 093): a news item's `date`, read in the site's home zone. */
export interface ScheduledDate {
  collection: string
  field: string
  zone: string
}

/**
 * Part of /admin/editor.js (after language-script.ts, before editor-script.ts starts Decap):
 * every date field spells its date out in the admin's language (ADR 111). Decap's `datetime`
 * widget is a native date input, whose format is the browser's, not the admin's: on an English
 * browser a Dutch editor reads 03/04/2026 and cannot tell April from March. The native input
 * stays (its calendar, a phone's picker); below it, in the field's box, an `<output>` the input
 * is described by says "vrijdag 3 april 2026" (with the time for a date-time). A publication date
 * still to come says it is scheduled. What is stored is Decap's, unchanged.
 *
 * Served as this function's source with its arguments (app/server/admin/decap-globals.ts the last): it must use
 * nothing from outside itself.
 */
export function dateScript(words: typeof editorWords, scheduled: ScheduledDate, globals: typeof decapGlobals): void {
  const widgetName = 'datetime'
  const classes = { box: 'admin-date', spelled: 'admin-date-spelled' }

  const style = document.createElement('style')
  style.textContent = `
.${classes.spelled} { display: block; margin: 8px 0 0; font: 14px/1.4 system-ui, sans-serif; color: #313d3e; }
.${classes.spelled}:empty { display: none; }
`
  document.head.append(style)

  // The admin's language: language-script.ts, run before this, chose it.
  const language = document.documentElement.lang
  const scheduledWord = (Object.entries(words).find(([code]) => code === language)?.[1] ?? words.nl).scheduled
  const dayFormat = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  // A moment in the browser's zone, as the native input shows it; 24 h or not as the language writes it.
  const momentFormat = new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
  // en-CA writes dates as YYYY-MM-DD, comparable with a stored day.
  const today = () =>
    new Intl.DateTimeFormat('en-CA', { timeZone: scheduled.zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())

  /** The value in words, and the day (YYYY-MM-DD) when it is a day without a time. */
  const spell = (value: unknown): { text: string; day?: string } => {
    // A timestamp ending in Z comes from Decap's YAML as a Date.
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? { text: '' } : { text: momentFormat.format(value) }
    if (typeof value !== 'string' || value.trim() === '') return { text: '' }
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim())
    if (day) {
      // A day is no moment: read and written in UTC, it is the same day in every zone.
      const at = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
      return Number.isNaN(at) ? { text: '' } : { text: dayFormat.format(at), day: value.trim() }
    }
    // Only an ISO moment: Date.parse would read 03-04-2026 as the 4th of March, and say it wrongly.
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value.trim())) return { text: '' }
    const at = Date.parse(value)
    return Number.isNaN(at) ? { text: '' } : { text: momentFormat.format(at) }
  }

  interface Instance {
    props: Record<string, unknown>
    describe(): void
  }
  const spelledId = (forID: unknown) => (typeof forID === 'string' && forID !== '' ? `${forID}-spelled` : undefined)

  document.addEventListener('DOMContentLoaded', () => {
    const decap = globals()
    if (!decap) return
    const { cms, h, createClass, textOf: text } = decap
    // Decap's own, kept before this takes its name: every date field of the config gets this.
    const datetime = cms.getWidget(widgetName)
    if (!datetime) return

    const spec: object & ThisType<Instance> = {
      displayName: 'SpelledDateControl',
      // Decap's control renders the input without a description: it is set on the element it
      // renders (React leaves an attribute it does not manage alone).
      describe() {
        const { forID } = this.props
        const id = spelledId(forID)
        const input = typeof forID === 'string' ? document.getElementById(forID) : null
        // No words (an empty date): no description, rather than one pointing at nothing.
        if (input && id && document.getElementById(id)) input.setAttribute('aria-describedby', id)
        else input?.removeAttribute('aria-describedby')
      },
      componentDidMount() {
        this.describe()
      },
      componentDidUpdate() {
        this.describe()
      },
      render() {
        const { value, field, collection, forID, classNameWrapper } = this.props
        const { text: spelled, day } = spell(value)
        const isScheduled =
          day !== undefined && text(collection, 'name') === scheduled.collection && text(field, 'name') === scheduled.field && day > today()
        // The field's box (its border, its active colour) holds the input's row and the words.
        return h(
          'div',
          { className: [classNameWrapper, classes.box].filter((name) => typeof name === 'string' && name !== '').join(' ') },
          h(datetime.control, { ...this.props, classNameWrapper: '' }),
          // An <output> (a polite live region) says a new date when it is picked; the input is
          // described by the words inside it (an output's own name would be its label's, not its text).
          h(
            'output',
            { htmlFor: typeof forID === 'string' ? forID : undefined, className: classes.spelled },
            spelled === '' ? null : h('span', { id: spelledId(forID) }, isScheduled ? `${spelled} (${scheduledWord})` : spelled),
          ),
        )
      },
    }
    cms.registerWidget(widgetName, createClass(spec), datetime.preview, datetime.schema)
  })
}
