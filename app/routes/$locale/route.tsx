import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { publicConfigQuery } from '../../client-runtime/public-config'
import { cmsQueries } from '../../cms/queries'
import { PageLayout } from '../../components/layouts'
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
    const [data, config] = await Promise.all([
      context.queryClient.ensureQueryData(cmsQueries.site(context.locale)),
      context.queryClient.ensureQueryData(publicConfigQuery),
    ])
    return { ...data, siteUrl: config.siteUrl }
  },
  // The organization behind the site, on every page of the language (error pages included).
  head: ({ loaderData }) => ({
    scripts: loaderData ? [jsonLdScript(organizationJsonLd(loaderData.site, loaderData.siteUrl))] : [],
  }),
  component: LocaleLayout,
})

function LocaleLayout() {
  return (
    <PageLayout>
      <Outlet />
    </PageLayout>
  )
}
