import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { linkTargetFor } from '../i18n/link-target'
import { currentPageOnly } from './current-page'

export interface Crumb {
  title: string
  /** Public path; the current page has none. */
  link?: string
}

/** Trail of links to the current page (the last crumb is the page itself). */
export function Breadcrumbs({ items }: { items: ReadonlyArray<Crumb> }) {
  const { t } = useLingui()
  if (items.length < 2) return null
  return (
    <nav
      className="breadcrumbs"
      aria-label={t({ message: 'Kruimelpad', comment: 'Screen-reader name of the breadcrumb trail (Home › Section › Page)' })}
    >
      <ol>
        {items.map((item, index) => {
          const isCurrent = index === items.length - 1
          const target = item.link && !isCurrent ? linkTargetFor(item.link) : null
          return (
            <li key={`${index}-${item.title}`}>
              {target ? (
                <Link activeOptions={currentPageOnly} to={target.to} params={target.params}>
                  {item.title}
                </Link>
              ) : (
                <span aria-current={isCurrent ? 'page' : undefined}>{item.title}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
