import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { cmsQueries } from '../../cms/queries'
import { PageLayout } from '../../components/layouts'
import { isLocale } from '../../i18n/paths'

export const Route = createFileRoute('/$locale')({
  beforeLoad: ({ params }) => {
    // The rewrite always yields a known locale; anything else is not a page.
    if (!isLocale(params.locale)) throw notFound()
    return { locale: params.locale }
  },
  // Site title, menus and social links for the header and footer.
  loader: ({ context }) => context.queryClient.ensureQueryData(cmsQueries.site(context.locale)),
  component: LocaleLayout,
})

function LocaleLayout() {
  return (
    <PageLayout>
      <Outlet />
    </PageLayout>
  )
}
