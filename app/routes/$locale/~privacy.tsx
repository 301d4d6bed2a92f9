import { createFileRoute } from '@tanstack/react-router'
import { loadFixedPage } from '../../cms/load-page'
import { LegalContent, LegalPage } from '../../components/LegalPage'

export const Route = createFileRoute('/$locale/~privacy')({
  loader: ({ context }) => loadFixedPage(context.queryClient, context.locale, `/${context.locale}/~privacy`),
  component: PrivacyPage,
})

function PrivacyPage() {
  const { locale } = Route.useRouteContext()
  const { page } = Route.useLoaderData()
  return (
    <LegalPage locale={locale} title={page.title}>
      <LegalContent html={page.content} />
    </LegalPage>
  )
}
