/**
 * The locations list's search params as routes validate them: apart from locations.ts, which
 * judges them, because a route's validateSearch is in the entry chunk every page loads.
 */

/**
 * Kept as given (the router would otherwise rewrite the URL) and judged by the block. The router
 * reads `?near=3512` as the number 3512 (it parses values as JSON), so a value may be a number.
 */
export type LocationSearch = Partial<Record<'country' | 'type' | 'brand' | 'near' | 'at', string | number>>

export const searchKeys = ['country', 'type', 'brand', 'near', 'at'] as const

export function locationSearch(search: Record<string, unknown>): LocationSearch {
  const result: LocationSearch = {}
  for (const key of searchKeys) {
    const value = search[key]
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) result[key] = value
  }
  return result
}

/** What a CMS page's blocks read from its query: the map's filters and the location a contact form preselects. */
export type BlockSearch = LocationSearch & { location?: string | number }

/**
 * The search of every route that renders CMS blocks (a block can sit on any CMS page): the
 * locations map's filters and `?location=<id>` (a contact form's preselected location, linked from
 * a location page). What it keeps is also what the page cache keys a page by: any other parameter
 * gets the plain page (app/server/pages/page-query.server.ts).
 */
export function blockSearch(search: Record<string, unknown>): BlockSearch {
  const location = search.location
  // An id of digits only (`?location=2000`) is a number to the router: kept as given, as the filters are.
  const kept = typeof location === 'string' || (typeof location === 'number' && Number.isSafeInteger(location) && location >= 0)
  return { ...locationSearch(search), ...(kept ? { location } : {}) }
}
