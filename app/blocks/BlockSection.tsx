import type { ReactNode } from 'react'

/** The shared frame of a block: a labelled section with an optional h2. */
export function BlockSection({
  id,
  type,
  title,
  showTitle,
  children,
  wide = false,
}: {
  id: string
  type: string
  title: string | null
  showTitle: boolean
  children: ReactNode
  wide?: boolean
}) {
  const headingId = `block-${id}-title`
  const visibleTitle = showTitle && title ? title : null
  return (
    <section
      className={`block block--${type}${wide ? ' block--wide' : ''}`}
      aria-labelledby={visibleTitle ? headingId : undefined}
      aria-label={!visibleTitle && title ? title : undefined}
    >
      <div className="block__inner">
        {visibleTitle ? (
          <h2 id={headingId} className="block__title">
            {visibleTitle}
          </h2>
        ) : null}
        {children}
      </div>
    </section>
  )
}
