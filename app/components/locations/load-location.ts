import { msg } from '@lingui/core/macro'
import { notFound } from '@tanstack/react-router'
import { perLocale } from '../../../app.config'
import { loadSiteSeo, type PageLoaderContext } from '../../cms/load-page'
import { cmsQueries } from '../../cms/queries'
import { pathCodec } from '../../i18n/i18n'
import { typeNames } from '../../locations/type-names'
import { isLocationSlug, locationsPath } from '../../locations/paths'
import type { PageSeo } from '../../seo/page-head'
import { homeLabel, locationsLabel } from '../../news/labels'

/**
 * Everything a location page shows: its loader's work. Route loaders are in the entry chunk every
 * page loads, so this imports only what it must: the week comes ready from the server function,
 * and the page's component (a chunk of its own) names types, services and brands.
 */
export async function loadLocation({ queryClient, i18n, locale }: PageLoaderContext, slug: string) {
  // Not a location's id at all: the 404 without a CMS request (spec: failed route validation).
  if (!isLocationSlug(slug)) throw notFound()
  const [{ location, hours, contactPage }, site] = await Promise.all([
    queryClient.ensureQueryData(cmsQueries.location(locale, slug)),
    loadSiteSeo(queryClient, locale),
  ])
  if (!location || !hours) throw notFound()
  const path = locationsPath(locale, location.id)
  const breadcrumbs = [
    { title: i18n._(homeLabel), link: pathCodec.toPublic(`/${locale}`) },
    { title: i18n._(locationsLabel), link: locationsPath(locale) },
    { title: location.name, link: path },
  ]
  const { name } = location
  const city = location.address.city
  const kind = i18n._(typeNames[location.type])
  const seo: PageSeo = {
    site,
    locale,
    path,
    // Its kind in the page's language: the name alone is the same title in every language.
    title: i18n._(msg({ id: 'location.title', message: `${name} (${kind})` })),
    description: i18n._(msg({ id: 'location.metaDescription', message: `${name} in ${city}: adres, openingstijden, telefoon en route.` })),
    translations: perLocale((code) => locationsPath(code, location.id)),
    breadcrumbs,
    location,
  }
  // The server's clock: the status the page is rendered with, and hydrated with (use-minute-clock.ts).
  return { location, contactPage, hours, renderedAt: Date.now(), breadcrumbs, seo }
}
