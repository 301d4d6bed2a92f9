import { createFileRoute } from '@tanstack/react-router'
import { blockSearch } from '../../locations/search'
import { loadCmsPage } from '../../cms/load-page'
import { CmsPage } from '../../components/CmsPage'
import { pathCodec } from '../../i18n/i18n'
import { pageHead } from '../../seo/page-head'

/** Every path not claimed by a fixed route: a CMS content page, looked up by link + locale. */
export const Route = createFileRoute('/$locale/$')({
  // Filters of a locations block (?country=de&type=dealer, locations/locations.ts) and the
  // location a contact page is asked about (?location=<id>, from a location page), kept as given.
  validateSearch: blockSearch,
  loader: ({ context, params }) => loadCmsPage(context, pathCodec.toPublic(`/${context.locale}/${params._splat ?? ''}`)),
  head: ({ loaderData }) => pageHead(loaderData?.seo),
  component: ContentPage,
})

function ContentPage() {
  const { page, breadcrumbs } = Route.useLoaderData()
  return <CmsPage page={page} breadcrumbs={breadcrumbs} />
}
