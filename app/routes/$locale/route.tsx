import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { PageLayout } from '../../components/layouts'
import { isLocale } from '../../i18n/paths'

export const Route = createFileRoute('/$locale')({
  beforeLoad: ({ params }) => {
    // The rewrite always yields a known locale; anything else is not a page.
    if (!isLocale(params.locale)) throw notFound()
    return { locale: params.locale }
  },
  component: LocaleLayout,
})

function LocaleLayout() {
  return (
    <PageLayout>
      <Outlet />
    </PageLayout>
  )
}
