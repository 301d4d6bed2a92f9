import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { perLocale } from '../../../../app.config'
import { brandLogos } from '../../../blocks/Grid/brand-logos'
import { typeNames } from '../../../blocks/InteractiveMap/labels'
import { loadSiteSeo } from '../../../cms/load-page'
import { cmsQueries } from '../../../cms/queries'
import { LocationPage } from '../../../components/locations/LocationPage'
import { homeLabel } from '../../../components/news/labels'
import { pathCodec } from '../../../i18n/i18n'
import { capitalized, labelledSchedule, weekdayNames } from '../../../locations/format'
import { locationsLabel } from '../../../locations/labels'
import { resolveTimeZone } from '../../../locations/open-status'
import { weekSchedule } from '../../../locations/opening-hours'
import { isLocationSlug, locationsPath } from '../../../locations/paths'
import { pageHead, type PageSeo } from '../../../seo/page-head'

/** One location: `/vestigingen/<id>` in every language (the id is the same in all of them). */
export const Route = createFileRoute('/$locale/~locations/$slug')({
  loader: async ({ context, params }) => {
    const { queryClient, i18n, locale } = context
    // Not a location's id at all: the 404 without a CMS request (spec: failed route validation).
    if (!isLocationSlug(params.slug)) throw notFound()
    const [{ location, contactPage }, site] = await Promise.all([
      queryClient.ensureQueryData(cmsQueries.location(locale, params.slug)),
      loadSiteSeo(queryClient, locale),
    ])
    if (!location) throw notFound()
    const path = locationsPath(locale, location.id)
    const breadcrumbs = [
      { title: i18n._(homeLabel), link: pathCodec.toPublic(`/${locale}`) },
      { title: i18n._(locationsLabel), link: locationsPath(locale) },
      { title: location.name, link: path },
    ]
    const type = i18n._(typeNames[location.type])
    const city = location.address.city
    const seo: PageSeo = {
      site,
      locale,
      path,
      title: location.name,
      description: i18n._(
        msg({ id: 'location.metaDescription', message: `${type} in ${city}: adres, openingstijden, telefoon en route.` }),
      ),
      translations: perLocale((code) => locationsPath(code, location.id)),
      breadcrumbs,
      location: { ...location, brandNames: location.brands.map((brand) => brandLogos[brand]?.name ?? brand) },
    }
    const days = weekdayNames(locale)
    const hours = {
      timeZone: resolveTimeZone(location.timeZone, location.address.country),
      schedule: labelledSchedule(weekSchedule(location.openingHours), locale),
      dayNames: { inline: days, heading: days.map((day) => capitalized(day, locale)) },
    }
    // The server's clock: the status the page is rendered with, and hydrated with (use-minute-clock.ts).
    return { location, contactPage, hours, renderedAt: Date.now(), breadcrumbs, seo }
  },
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
