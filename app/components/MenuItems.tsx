import { Link } from '@tanstack/react-router'
import { linkTargetFor } from '../i18n/link-target'
import { currentPageOnly, inSection } from './current-page'
import { usePublicPathname } from './NotFoundPage'

/**
 * Menu entries from the CMS as list items with typed router links (entries that are no site
 * path are skipped). The entry of the section the visitor is in has the class `active`; only
 * the link to the page itself gets aria-current.
 */
export function MenuItems({ items }: { items: ReadonlyArray<{ title: string; link: string }> }) {
  const pathname = usePublicPathname()
  return (
    <>
      {items.map((item) => {
        const target = linkTargetFor(item.link)
        if (target?.to === '/$locale/$') {
          return (
            <li key={item.link}>
              <Link
                activeOptions={currentPageOnly}
                to={target.to}
                params={target.params}
                className={inSection(pathname, item.link) ? 'active' : undefined}
              >
                {item.title}
              </Link>
            </li>
          )
        }
        return target ? (
          <li key={item.link}>
            <Link activeOptions={currentPageOnly} to={target.to} params={target.params}>
              {item.title}
            </Link>
          </li>
        ) : null
      })}
    </>
  )
}
