import { createFileRoute } from '@tanstack/react-router'
import { loadCmsPage } from '../../cms/load-page'
import { CmsPage } from '../../components/CmsPage'
import { pathCodec } from '../../i18n/i18n'

/** The home page of a language: the CMS page at "/" (nl) or "/{locale}". */
export const Route = createFileRoute('/$locale/')({
  loader: ({ context }) => loadCmsPage(context.queryClient, context.locale, pathCodec.toPublic(`/${context.locale}`)),
  component: HomePage,
})

function HomePage() {
  const { page } = Route.useLoaderData()
  return <CmsPage page={page} />
}
