import { createFileRoute } from '@tanstack/react-router'
import { loadCmsPage } from '../../cms/load-page'
import { CmsPage } from '../../components/CmsPage'
import { pathCodec } from '../../i18n/i18n'
import { pageHead } from '../../seo/page-head'

/** Every path not claimed by a fixed route: a CMS content page, looked up by link + locale. */
export const Route = createFileRoute('/$locale/$')({
  // Filters of the locations block (?country=de&type=dealer) and the contact form's preselected
  // location (?location=<id>), kept as given and judged by the block.
  validateSearch: (search): { country?: string; type?: string; location?: string } => ({
    ...(typeof search.country === 'string' ? { country: search.country } : {}),
    ...(typeof search.type === 'string' ? { type: search.type } : {}),
    ...(typeof search.location === 'string' ? { location: search.location } : {}),
  }),
  loader: ({ context, params }) => loadCmsPage(context, pathCodec.toPublic(`/${context.locale}/${params._splat ?? ''}`)),
  head: ({ loaderData }) => pageHead(loaderData?.seo),
  component: ContentPage,
})

function ContentPage() {
  const { page, breadcrumbs } = Route.useLoaderData()
  return <CmsPage page={page} breadcrumbs={breadcrumbs} />
}
