import * as v from 'valibot'
import { manifestRedirect, routeManifestSchema, type RouteManifest } from '../route-manifest'

/** The running build's manifest, once loaded in the browser (never on the server). */
let manifest: RouteManifest | undefined

/** Loads the manifest of this page's build; on failure navigation works as without it. */
export async function loadBuildManifest(buildId: string): Promise<void> {
  try {
    const response = await fetch(`/builds/meta/${encodeURIComponent(buildId)}.json`)
    if (!response.ok) return
    manifest = v.parse(routeManifestSchema, await response.json())
  } catch (error) {
    console.warn('[build-manifest] could not load the build manifest', error)
  }
}

/**
 * Where a public href flagged as redirecting in the build manifest (an old site's URL) goes;
 * null for any other, and before the manifest has loaded.
 */
export function flaggedRedirect(publicHref: string): string | null {
  if (manifest === undefined) return null
  const url = new URL(publicHref, 'http://localhost')
  const target = manifestRedirect(manifest, url.pathname)
  // The query goes along on this site (a campaign's parameters), as the server's redirect keeps it.
  return target !== null && target.startsWith('/') ? target + url.search : target
}
