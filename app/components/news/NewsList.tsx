import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Locale } from '../../../app.config'
import type { ImageValue } from '../../blocks/Image'
import { Image } from '../../blocks/Image'
import { currentPageOnly } from '../current-page'
import { pageWindow } from './page-window'

export interface NewsCard {
  id: string
  slug: string
  title: string
  date: string
  /** The date as printed, from the server (news-paths.ts withDateLabel). */
  dateLabel: string
  summary: string
  image: ImageValue | null
}

export function NewsList({
  locale,
  items,
  page,
  pageCount,
}: {
  locale: Locale
  items: ReadonlyArray<NewsCard>
  page: number
  pageCount: number
}) {
  const { t } = useLingui()
  if (items.length === 0) {
    return <p className="empty-state">{t`Er zijn op dit moment geen nieuwsberichten.`}</p>
  }
  return (
    <>
      <ul className="news-list">
        {items.map((item, index) => (
          <li key={item.id} className="news-card">
            {item.image ? (
              <Image
                image={item.image}
                priority={index === 0 && page === 1}
                className="news-card__image"
                sizes="(min-width: 44rem) 50vw, 100vw"
              />
            ) : null}
            <div className="news-card__body">
              <time dateTime={item.date} className="news-card__date">
                {item.dateLabel}
              </time>
              <h2 className="news-card__title">{item.title}</h2>
              <p>{item.summary}</p>
              <Link
                activeOptions={currentPageOnly}
                to="/$locale/~news/$slug"
                params={{ locale, slug: item.slug }}
                className="news-card__more"
              >
                {t`Lees meer`}
                <span className="visually-hidden">: {item.title}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <nav
          className="pagination"
          aria-label={t({ message: 'Paginering', comment: 'Screen-reader name of the page-number navigation below the news list' })}
        >
          <ul>
            {pageWindow(page, pageCount).map((number, index) =>
              number === 'gap' ? (
                // Pages left out (page-window.ts): a mark for the eye; the links around it say which pages they are.
                <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={number}>
                  <Link
                    activeOptions={currentPageOnly}
                    to="/$locale/~news"
                    params={{ locale }}
                    search={number === 1 ? {} : { page: number }}
                    aria-current={number === page ? 'page' : undefined}
                    aria-label={t`Pagina ${number}`}
                  >
                    {number}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
      ) : null}
    </>
  )
}
