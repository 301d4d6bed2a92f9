import { createFileRoute } from '@tanstack/react-router'
import { blockSearch } from '../../../locations/search'
import { loadCmsPage } from '../../../cms/load-page'
import { CmsPage } from '../../../components/CmsPage'
import { locationsPath } from '../../../locations/paths'
import { pageHead } from '../../../seo/page-head'

/**
 * The locations list: the CMS page at the locations segment (its InteractiveMap block lists and
 * maps them), a fixed route so that each location's page can live under it.
 */
export const Route = createFileRoute('/$locale/~locations/')({
  // Filters and sorting (?country=de&type=dealer&brand=audi&near=3512 or &at=52.1,5.1), judged by the
  // block; the page's other blocks read what any CMS page's do.
  validateSearch: blockSearch,
  loader: ({ context }) => loadCmsPage(context, locationsPath(context.locale)),
  head: ({ loaderData }) => pageHead(loaderData?.seo),
  component: LocationsPage,
})

function LocationsPage() {
  const { page, breadcrumbs } = Route.useLoaderData()
  return <CmsPage page={page} breadcrumbs={breadcrumbs} />
}
