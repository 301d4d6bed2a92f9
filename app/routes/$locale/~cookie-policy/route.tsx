import { createFileRoute, Outlet } from '@tanstack/react-router'
import { loadFixedPage } from '../../../cms/load-page'
import { LegalPage } from '../../../components/LegalPage'

export const Route = createFileRoute('/$locale/~cookie-policy')({
  loader: ({ context }) => loadFixedPage(context.queryClient, context.locale, `/${context.locale}/~cookie-policy`),
  component: CookiePolicyLayout,
})

function CookiePolicyLayout() {
  const { locale } = Route.useRouteContext()
  const { page } = Route.useLoaderData()
  return (
    <LegalPage locale={locale} title={page.title}>
      <Outlet />
    </LegalPage>
  )
}
