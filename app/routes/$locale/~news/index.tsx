import { useLingui } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { cmsQueries } from '../../../cms/queries'
import { Breadcrumbs } from '../../../components/Breadcrumbs'
import { NewsList } from '../../../components/news/NewsList'
import { homeLabel, newsLabel } from '../../../components/news/labels'
import { newsPath } from '../../../components/news/news-paths'
import { parsePageParam } from '../../../components/news/page-param'
import { pathCodec } from '../../../i18n/i18n'


export const Route = createFileRoute('/$locale/~news/')({
  // Kept as given (the router would otherwise rewrite the URL); judged in the loader.
  validateSearch: (search): { page?: number | string } => {
    const page = search.page
    return typeof page === 'number' || typeof page === 'string' ? { page } : {}
  },
  loaderDeps: ({ search }) => ({ page: parsePageParam(search.page) }),
  loader: async ({ context, deps }) => {
    // An invalid or out-of-range page is a clean 404 (spec: failed route validation), never a 500.
    if (deps.page === null) throw notFound()
    const data = await context.queryClient.ensureQueryData(cmsQueries.newsList(context.locale, deps.page))
    if (deps.page > data.pageCount) throw notFound()
    const { i18n, locale } = context
    return {
      ...data,
      page: deps.page,
      seo: {
        title: i18n._(newsLabel),
        breadcrumbs: [
          { title: i18n._(homeLabel), link: pathCodec.toPublic(`/${locale}`) },
          { title: i18n._(newsLabel), link: newsPath(locale) },
        ],
      },
    }
  },
  component: NewsListPage,
})

function NewsListPage() {
  const { t } = useLingui()
  const { locale } = Route.useRouteContext()
  const { items, page, pageCount } = Route.useLoaderData()
  return (
    <section className="content-section news-page">
      <Breadcrumbs items={[{ title: t`Home`, link: pathCodec.toPublic(`/${locale}`) }, { title: t`Nieuws` }]} />
      <h1>{t`Nieuws`}</h1>
      <NewsList locale={locale} items={items} page={page} pageCount={pageCount} />
    </section>
  )
}
