import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { localeCodes, perLocale } from '../../../../app.config'
import { loadSiteSeo } from '../../../cms/load-page'
import { cmsQueries } from '../../../cms/queries'
import { Breadcrumbs } from '../../../components/Breadcrumbs'
import { NewsList } from '../../../components/news/NewsList'
import { homeLabel, newsLabel } from '../../../news/labels'
import { newsFeedPath, newsListPath, newsListTranslations, newsPath } from '../../../news/news-paths'
import { parsePageParam } from '../../../components/news/page-param'
import { pathCodec } from '../../../i18n/i18n'
import { documentTitle } from '../../../seo/meta'
import { pageHead, type PageSeo } from '../../../seo/page-head'

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
    const { queryClient, i18n, locale } = context
    const [data, site] = await Promise.all([
      queryClient.ensureQueryData(cmsQueries.newsList(locale, deps.page)),
      loadSiteSeo(queryClient, locale),
    ])
    if (deps.page > data.pageCount) throw notFound()
    // Page 2 and on: its alternates are that page in the languages that have as many pages
    // (every language has page 1; each language's first page says how many it has).
    const page = deps.page
    const pageCounts = perLocale(() => 1)
    if (page > 1) {
      const firstPages = await Promise.all(localeCodes.map((code) => queryClient.ensureQueryData(cmsQueries.newsList(code, 1))))
      localeCodes.forEach((code, index) => {
        pageCounts[code] = firstPages[index]?.pageCount ?? 0
      })
    }
    const breadcrumbs = [
      { title: i18n._(homeLabel), link: pathCodec.toPublic(`/${locale}`) },
      { title: i18n._(newsLabel), link: newsPath(locale) },
    ]
    const siteTitle = site.title
    const seo: PageSeo = {
      site,
      locale,
      // Each page of the list is its own canonical, with its own alternates.
      path: newsListPath(locale, page),
      title: i18n._(newsLabel),
      description:
        page > 1
          ? i18n._(msg({ id: 'news.list.metaDescription.page', message: `Nieuws van ${siteTitle}, pagina ${page}.` }))
          : i18n._(
              msg({
                id: 'news.list.metaDescription',
                message: `Het laatste nieuws van ${siteTitle}: vestigingen, acties, opleidingen en meer.`,
              }),
            ),
      translations: newsListTranslations(page, pageCounts),
      breadcrumbs,
      feed: { path: newsFeedPath(locale), title: documentTitle(i18n._(newsLabel), site.title) },
    }
    return { ...data, page: deps.page, breadcrumbs, seo }
  },
  head: ({ loaderData }) => pageHead(loaderData?.seo),
  component: NewsListPage,
})

function NewsListPage() {
  const { t } = useLingui()
  const { locale } = Route.useRouteContext()
  const { items, page, pageCount, breadcrumbs } = Route.useLoaderData()
  return (
    <section className="content-section news-page">
      <Breadcrumbs items={breadcrumbs} />
      <h1>{t`Nieuws`}</h1>
      <NewsList locale={locale} items={items} page={page} pageCount={pageCount} />
    </section>
  )
}
