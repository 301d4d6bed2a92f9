import type { PathCodec } from '../i18n/paths'
import { canonicalRedirect } from './canonical-redirect'
import { legacyRedirect } from './legacy-redirects'

/**
 * The one permanent redirect a request path gets, or null: an old site's path → its new page,
 * a renamed URL segment → today's (`/de/nachricht/x` → `/de/nachrichten/x`), `/nl/x` → `/x`,
 * `/x/` → `/x`. Renamed segments are looked up on the canonical path, so `/nl/oud/` also
 * takes a single hop.
 */
export function pathRedirect(url: URL, codec: PathCodec): string | null {
  const legacy = legacyRedirect(url.pathname, codec.toPublic)
  if (legacy !== null) return legacy
  const canonical = canonicalRedirect(url)
  const renamed = codec.renamedPath(canonical === null ? url.pathname : new URL(canonical, url).pathname)
  return renamed === null ? canonical : renamed + url.search
}
