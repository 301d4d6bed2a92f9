import { createFileRoute } from '@tanstack/react-router'
import { loadFixedPage } from '../../cms/load-page'
import { LegalContent, LegalPage } from '../../components/LegalPage'
import { pageHead } from '../../seo/page-head'

export const Route = createFileRoute('/$locale/~terms')({
  loader: ({ context }) => loadFixedPage(context, '/$locale/~terms'),
  head: ({ loaderData }) => pageHead(loaderData?.seo),
  component: TermsPage,
})

function TermsPage() {
  const { page, breadcrumbs } = Route.useLoaderData()
  return (
    <LegalPage title={page.title} breadcrumbs={breadcrumbs}>
      <LegalContent html={page.content} />
    </LegalPage>
  )
}
