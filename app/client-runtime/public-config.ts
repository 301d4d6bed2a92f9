import { queryOptions } from '@tanstack/react-query'
import { fetchPublicConfig } from './public-config.functions'

/**
 * The runtime settings as a query: the root route loads them, and page loaders read the
 * site's origins from the same cache entry. They never change while the page lives.
 */
export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => fetchPublicConfig(),
  staleTime: Infinity,
  gcTime: Infinity,
})
