import { setupI18n } from '@lingui/core'
import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { routeTree } from '../../routeTree.gen'

/**
 * Whether a path outside the pages (API, probes, sitemap, build files, .well-known) names one of
 * the app's server routes: decided by the router's own matching, as Start decides it
 * (handleServerRoutes: an exact match with handlers). For any other such path Start would render
 * the whole HTML 404 page: a flood of random /api/… paths cost far more than a random page
 * path, whose 404 is filled into a template (ADR 021). The request layer answers those with a
 * short plain 404 instead.
 */
// Only matches, never loads or renders: the context its type asks for is never read.
const matcher = createRouter({ routeTree, context: { queryClient: new QueryClient(), i18n: setupI18n() } })

export function isServerRoutePath(pathname: string): boolean {
  // Start matches the path decoded (`/api/gl%6Fbal` is /api/global); malformed escapes got a 400 before this.
  let decoded: string
  try {
    decoded = decodeURI(pathname)
  } catch {
    return false
  }
  const [, rawParams, found] = matcher.getMatchedRoutes(decoded)
  return found?.options.server?.handlers !== undefined && rawParams['**'] === undefined
}

/** The routes a page path matches as the router matches it (internal form, decoded), root first. */
export function matchedRoutesOf(internalPath: string): ReadonlyArray<{ options: { validateSearch?: unknown } }> {
  return matcher.getMatchedRoutes(internalPath)[0]
}

/** A query string as the router parses it into a route's search (values read as JSON where they are). */
export function routerSearchOf(search: string): Record<string, unknown> {
  return matcher.options.parseSearch(search)
}
