import { msg } from '@lingui/core/macro'

/** Labels used in loaders (breadcrumbs, titles), where only the router's i18n instance is at hand. */
export const homeLabel = msg`Home`
export const newsLabel = msg`Nieuws`

/** The locations list's name in breadcrumbs (its CMS page has its own title). */
export const locationsLabel = msg({ id: 'locations.breadcrumb', message: 'Vestigingen' })
