import { useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router'
import { Image } from '../../../blocks/Image'
import { loadSiteSeo } from '../../../cms/load-page'
import { cmsQueries } from '../../../cms/queries'
import { Breadcrumbs } from '../../../components/Breadcrumbs'
import { newsAlternates, newsFeedPath, newsPath, newsTranslations } from '../../../news/news-paths'
import { homeLabel, newsLabel } from '../../../news/labels'
import { RichText } from '../../../components/RichText'
import { pathCodec } from '../../../i18n/i18n'
import { documentTitle } from '../../../seo/meta'
import { pageHead, type PageSeo } from '../../../seo/page-head'
import { currentPageOnly } from '../../../components/current-page'

export const Route = createFileRoute('/$locale/~news/$slug')({
  loader: async ({ context, params }) => {
    const { queryClient, i18n, locale } = context
    const [result, site] = await Promise.all([
      queryClient.ensureQueryData(cmsQueries.newsItem(locale, params.slug)),
      loadSiteSeo(queryClient, locale),
    ])
    if (result.kind === 'moved') {
      // Another language's slug: one 301 to this language's translation, at its canonical URL.
      throw redirect({ to: '/$locale/~news/$slug', params: { locale, slug: result.slug }, statusCode: 301 })
    }
    if (result.kind === 'missing') throw notFound()
    const { item } = result
    const path = newsPath(locale, item.slug)
    const breadcrumbs = [
      { title: i18n._(homeLabel), link: pathCodec.toPublic(`/${locale}`) },
      { title: i18n._(newsLabel), link: newsPath(locale) },
      { title: item.title, link: path },
    ]
    const seo: PageSeo = {
      site,
      locale,
      path,
      title: item.title,
      description: item.summary,
      image: item.image,
      type: 'article',
      // The CMS keeps no edit date for news items: the JSON-LD's dateModified is this date too.
      published: item.date,
      translations: newsTranslations(locale, item.slug, item.translations),
      breadcrumbs,
      feed: { path: newsFeedPath(locale), title: documentTitle(i18n._(newsLabel), site.title) },
    }
    return { item, alternates: newsAlternates(locale, item.slug, item.translations), breadcrumbs, seo }
  },
  head: ({ loaderData }) => pageHead(loaderData?.seo),
  component: NewsItemPage,
})

function NewsItemPage() {
  const { t } = useLingui()
  const { locale } = Route.useRouteContext()
  const { item, breadcrumbs } = Route.useLoaderData()
  return (
    <article className="content-section news-item">
      <Breadcrumbs items={breadcrumbs} />
      <h1>{item.title}</h1>
      <p className="news-item__date">
        <time dateTime={item.date}>{item.dateLabel}</time>
      </p>
      {item.image ? <Image image={item.image} priority className="news-item__image" sizes="(min-width: 56rem) 52rem, 100vw" /> : null}
      <RichText html={item.body} className="news-item__body" />
      <p>
        <Link activeOptions={currentPageOnly} to="/$locale/~news" params={{ locale }} className="back-link">
          {t`Terug naar het nieuwsoverzicht`}
        </Link>
      </p>
    </article>
  )
}
