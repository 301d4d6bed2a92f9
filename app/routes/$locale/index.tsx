import { createFileRoute } from '@tanstack/react-router'
import { loadCmsPage } from '../../cms/load-page'
import { blockSearch } from '../../locations/search'
import { CmsPage } from '../../components/CmsPage'
import { pathCodec } from '../../i18n/i18n'
import { pageHead } from '../../seo/page-head'

/** The home page of a language: the CMS page at "/" (nl) or "/{locale}". */
export const Route = createFileRoute('/$locale/')({
  // A CMS page: its blocks read what they read on any other (a locations map's filters, a contact form's location).
  validateSearch: blockSearch,
  loader: ({ context }) => loadCmsPage(context, pathCodec.toPublic(`/${context.locale}`)),
  head: ({ loaderData }) => pageHead(loaderData?.seo),
  component: HomePage,
})

function HomePage() {
  const { page, breadcrumbs } = Route.useLoaderData()
  return <CmsPage page={page} breadcrumbs={breadcrumbs} />
}
