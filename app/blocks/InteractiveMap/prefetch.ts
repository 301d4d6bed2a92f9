import type { QueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../app.config'
import { cmsQueries } from '../../cms/queries'

/**
 * The map reads the locations from the query cache (useSuspenseQuery), so the
 * server render needs them there first. The page's structured data lists them as links to
 * their own pages, which describe each one.
 */
export async function prefetchInteractiveMap(queryClient: QueryClient, locale: Locale) {
  const locationList = await queryClient.ensureQueryData(cmsQueries.locations(locale))
  return { locationList }
}
