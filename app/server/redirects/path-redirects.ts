import type { PathCodec } from '../../i18n/paths'
import { canonicalRedirect } from './canonical-redirect'
import { legacyRedirect } from '../../legacy-redirects'

/**
 * The one permanent redirect a request path gets, or null: an old site's path → its new page,
 * a renamed URL segment → today's (`/de/nachricht/x` → `/de/nachrichten/x`), `/nl/x` → `/x`,
 * `/x/` → `/x`. Old paths and renamed segments are looked up on the canonical path, so
 * `/nl/privacyverklaring` and `/nl/oud/` also take a single hop. The query goes along (a
 * campaign's parameters), except to another site.
 */
export function pathRedirect(url: URL, codec: PathCodec): string | null {
  const canonical = canonicalRedirect(url)
  const path = canonical === null ? url.pathname : new URL(canonical, url).pathname
  const legacy = legacyRedirect(path, codec.toPublic)
  if (legacy !== null) return legacy.startsWith('/') ? legacy + url.search : legacy
  const renamed = codec.renamedPath(path)
  return renamed === null ? canonical : renamed + url.search
}
