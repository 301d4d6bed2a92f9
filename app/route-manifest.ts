/**
 * The build manifest (GET /builds/meta/{buildId}.json): what a browser should know about the
 * running build's routes before it navigates. The site renders on request, so nothing is
 * prerendered; the matcher flags the paths that answer a permanent redirect (the old site's
 * paths, app/legacy-redirects.ts), so the client goes straight to their target with a
 * full navigation instead of asking the server for a page that is not there.
 * Plain data and pure functions: built on the server, read in the browser.
 */
import * as v from 'valibot'
import { defaultLocale } from '../app.config'

const redirectRuleSchema = v.object({ redirect: v.string() })

export const routeManifestSchema = v.object({
  id: v.string(),
  timestamp: v.number(),
  prerendered: v.array(v.string()),
  matcher: v.object({
    /** Exact paths (without a trailing slash). */
    static: v.record(v.string(), redirectRuleSchema),
    /** A path and everything under it (`/en_GB` matches `/en_GB/anything`). */
    wildcard: v.record(v.string(), redirectRuleSchema),
  }),
})

export type RouteManifest = v.InferOutput<typeof routeManifestSchema>

export function buildRouteManifest(
  id: string,
  timestamp: number,
  redirects: { exact: Record<string, string>; prefixes: Record<string, string> },
): RouteManifest {
  const rules = (table: Record<string, string>) =>
    Object.fromEntries(Object.entries(table).map(([path, target]) => [path, { redirect: target }]))
  return { id, timestamp, prerendered: [], matcher: { static: rules(redirects.exact), wildcard: rules(redirects.prefixes) } }
}

/**
 * The target of a path flagged as redirecting; null for any other path. Looked up as the server
 * does (app/server/redirects/path-redirects.ts): without a trailing slash or the default language's prefix.
 */
export function manifestRedirect(manifest: RouteManifest, pathname: string): string | null {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (path === `/${defaultLocale}` || path.startsWith(`/${defaultLocale}/`)) path = path.slice(defaultLocale.length + 1) || '/'
  // Every key starts with a slash, so no lookup can hit a property of Object's prototype.
  const first = `/${path.split('/')[1] ?? ''}`
  return manifest.matcher.static[path]?.redirect ?? manifest.matcher.wildcard[first]?.redirect ?? null
}
