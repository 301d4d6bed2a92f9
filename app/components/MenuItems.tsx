import { Link } from '@tanstack/react-router'
import { linkTargetFor } from '../i18n/link-target'

/** Menu entries from the CMS as list items with typed router links (entries that are no site path are skipped). */
export function MenuItems({ items }: { items: ReadonlyArray<{ title: string; link: string }> }) {
  return (
    <>
      {items.map((item) => {
        const target = linkTargetFor(item.link)
        return target ? (
          <li key={item.link}>
            <Link to={target.to} params={target.params}>
              {item.title}
            </Link>
          </li>
        ) : null
      })}
    </>
  )
}
