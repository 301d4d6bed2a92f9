import type { QueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../app.config'
import { cmsQueries } from '../../cms/queries'

/**
 * The map reads the locations from the query cache (useSuspenseQuery), so the
 * server render needs them there first. They are also the page's structured
 * data: one JSON-LD business per location.
 */
export async function prefetchInteractiveMap(queryClient: QueryClient, locale: Locale) {
  const locations = await queryClient.ensureQueryData(cmsQueries.locations(locale))
  return { locations }
}
