import { useLingui } from '@lingui/react/macro'
import { useRef, type KeyboardEvent, type WheelEvent } from 'react'
import type { CmsPageData } from '../cms/load-page'
import { Image } from '../blocks/Image'
import { RichText } from './RichText'

type TimelinePageData = Extract<CmsPageData, { __typename: 'TimelinePage' }>

/**
 * Entries along a horizontal track: vertical wheel scrolls sideways, arrow
 * keys / Home / End move between entries, touch swipes natively (scroll snap).
 */
export function Timeline({ page }: { page: TimelinePageData }) {
  const { t } = useLingui()
  const track = useRef<HTMLOListElement>(null)

  const onWheel = (event: WheelEvent<HTMLOListElement>) => {
    const element = track.current
    if (!element || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return
    const atStart = element.scrollLeft <= 0 && event.deltaY < 0
    const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1 && event.deltaY > 0
    // At either end, let the page scroll on vertically.
    if (atStart || atEnd) return
    element.scrollBy({ left: event.deltaY })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const element = track.current
    if (!element) return
    const step = element.clientWidth * 0.8
    const moves: Record<string, number> = {
      ArrowRight: step,
      ArrowLeft: -step,
      Home: -element.scrollWidth,
      End: element.scrollWidth,
    }
    const delta = moves[event.key]
    if (delta === undefined) return
    event.preventDefault()
    element.scrollBy({ left: delta, behavior: 'smooth' })
  }

  return (
    // Not a <section>: the page's h1 is in here, and an h1 inside sectioning content reads as a
    // sub-heading to outline-based tools (Nu checker warning).
    <div className="timeline">
      <header className="timeline__header">
        <h1>{page.title}</h1>
        {page.intro ? <RichText html={page.intro} /> : null}
        {/* A touch screen has no arrow keys: its own hint (styles.css shows one of the two). */}
        <p className="timeline__hint timeline__hint--keys">{t`Scroll of gebruik de pijltjestoetsen om door de tijdlijn te bewegen.`}</p>
        <p className="timeline__hint timeline__hint--touch">{t`Veeg naar links of rechts om door de tijdlijn te bewegen.`}</p>
      </header>
      {/* A scrollable region must be reachable and scrollable by keyboard (WCAG 2.1.1, axe's
          scrollable-region-focusable): the list takes focus and the arrow keys. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <ol
        ref={track}
        className="timeline__track"
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={t`Tijdlijn`}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
      >
        {page.entries.map((entry, index) => (
          <li key={entry.id} className="timeline__entry">
            <p className="timeline__year">{entry.year}</p>
            {entry.image ? (
              // Each entry is at most 22rem wide (85% of the viewport on a phone): see .timeline__track.
              <Image image={entry.image} priority={index === 0} className="timeline__image" sizes="(max-width: 640px) 85vw, 22rem" />
            ) : null}
            <h2>{entry.title}</h2>
            <RichText html={entry.text} />
          </li>
        ))}
      </ol>
    </div>
  )
}
