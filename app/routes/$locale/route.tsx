import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { publicConfigQuery } from '../../client-runtime/public-config'
import { cmsQueries, previewQuery } from '../../cms/queries'
import { ErrorPage } from '../../components/ErrorPage'
import { PageLayout } from '../../components/layouts'
import { PreviewBar } from '../../components/PreviewBar'
import { isLocale } from '../../i18n/paths'
import { jsonLdScript, organizationJsonLd } from '../../seo/json-ld'

export const Route = createFileRoute('/$locale')({
  beforeLoad: ({ params }) => {
    // The rewrite always yields a known locale; anything else is not a page.
    if (!isLocale(params.locale)) throw notFound()
    return { locale: params.locale }
  },
  // Site title, menus and social links for the header and footer; the site URL for the head.
  loader: async ({ context }) => {
    const [data, config, preview] = await Promise.all([
      context.queryClient.ensureQueryData(cmsQueries.site(context.locale)),
      context.queryClient.ensureQueryData(publicConfigQuery),
      context.queryClient.ensureQueryData(previewQuery),
    ])
    return { ...data, siteUrl: config.siteUrl, preview: preview.active }
  },
  // The organization behind the site, on every page of the language (error pages included).
  head: ({ loaderData }) => ({
    scripts: loaderData ? [jsonLdScript(organizationJsonLd(loaderData.site, loaderData.siteUrl))] : [],
  }),
  component: LocaleLayout,
  // The site data could not be loaded: the error page still comes with the header, the footer
  // and the language switcher (they do without the CMS's menus and names).
  errorComponent: (props) => (
    <PageLayout>
      <ErrorPage {...props} />
    </PageLayout>
  ),
})

function LocaleLayout() {
  const { preview } = Route.useLoaderData()
  return (
    <>
      {preview ? <PreviewBar /> : null}
      <PageLayout>
        <Outlet />
      </PageLayout>
    </>
  )
}
