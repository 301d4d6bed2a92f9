import { createFileRoute } from '@tanstack/react-router'
import { loadLocation } from '../../../components/locations/load-location'
import { LocationPage } from '../../../components/locations/LocationPage'
import { pageHead } from '../../../seo/page-head'

/** One location: `/vestigingen/<id>` in every language (the id is the same in all of them). */
export const Route = createFileRoute('/$locale/~locations/$slug')({
  loader: ({ context, params }) => loadLocation(context, params.slug),
  head: ({ loaderData }) => pageHead(loaderData?.seo),
  component: LocationRoutePage,
})

function LocationRoutePage() {
  const { locale } = Route.useRouteContext()
  const { location, contactPage, hours, renderedAt, breadcrumbs } = Route.useLoaderData()
  return (
    <LocationPage
      locale={locale}
      location={location}
      contactPage={contactPage}
      hours={hours}
      renderedAt={renderedAt}
      breadcrumbs={breadcrumbs}
    />
  )
}
