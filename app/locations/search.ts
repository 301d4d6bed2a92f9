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
