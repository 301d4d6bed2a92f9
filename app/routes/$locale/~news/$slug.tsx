import { useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router'
import { Image } from '../../../blocks/Image'
import { cmsQueries } from '../../../cms/queries'
import { Breadcrumbs } from '../../../components/Breadcrumbs'
import { formatNewsDate, newsAlternates, newsPath, newsTranslations } from '../../../components/news/news-paths'
import { homeLabel, newsLabel } from '../../../components/news/labels'
import { RichText } from '../../../components/RichText'
import { pathCodec } from '../../../i18n/i18n'

export const Route = createFileRoute('/$locale/~news/$slug')({
  loader: async ({ context, params }) => {
    const result = await context.queryClient.ensureQueryData(cmsQueries.newsItem(context.locale, params.slug))
    if (result.kind === 'moved') {
      // An nl slug under another language's news path: go to that language's translation.
      throw redirect({ to: '/$locale/~news/$slug', params: { locale: context.locale, slug: result.slug }, statusCode: 301 })
    }
    if (result.kind === 'missing') throw notFound()
    const { item } = result
    const { i18n, locale } = context
    return {
      item,
      alternates: newsAlternates(locale, item.slug, item.translations),
      seo: {
        title: item.title,
        description: item.summary,
        image: item.image ?? undefined,
        type: 'article' as const,
        published: item.date,
        translations: newsTranslations(locale, item.slug, item.translations),
        breadcrumbs: [
          { title: i18n._(homeLabel), link: pathCodec.toPublic(`/${locale}`) },
          { title: i18n._(newsLabel), link: newsPath(locale) },
          { title: item.title, link: newsPath(locale, item.slug) },
        ],
      },
    }
  },
  component: NewsItemPage,
})

function NewsItemPage() {
  const { t, i18n } = useLingui()
  const { locale } = Route.useRouteContext()
  const { item } = Route.useLoaderData()
  return (
    <article className="content-section news-item">
      <Breadcrumbs
        items={[
          { title: t`Home`, link: pathCodec.toPublic(`/${locale}`) },
          { title: t`Nieuws`, link: newsPath(locale) },
          { title: item.title },
        ]}
      />
      <h1>{item.title}</h1>
      <p className="news-item__date">
        <time dateTime={item.date}>{formatNewsDate(item.date, i18n.locale)}</time>
      </p>
      {item.image ? <Image image={item.image} priority className="news-item__image" sizes="(min-width: 900px) 800px, 100vw" /> : null}
      <RichText html={item.body} className="news-item__body" />
      <p>
        <Link to="/$locale/~news" params={{ locale }} className="back-link">
          {t`Terug naar het nieuwsoverzicht`}
        </Link>
      </p>
    </article>
  )
}
