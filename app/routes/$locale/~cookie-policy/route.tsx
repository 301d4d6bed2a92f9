import { createFileRoute, Outlet } from '@tanstack/react-router'
import { loadFixedPage } from '../../../cms/load-page'
import { LegalPage } from '../../../components/LegalPage'
import { pageHead } from '../../../seo/page-head'

export const Route = createFileRoute('/$locale/~cookie-policy')({
  loader: ({ context }) => loadFixedPage(context, '/$locale/~cookie-policy'),
  head: ({ loaderData }) => pageHead(loaderData?.seo),
  component: CookiePolicyLayout,
})

function CookiePolicyLayout() {
  const { page, breadcrumbs } = Route.useLoaderData()
  return (
    <LegalPage title={page.title} breadcrumbs={breadcrumbs}>
      <Outlet />
    </LegalPage>
  )
}
