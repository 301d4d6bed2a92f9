import { defaultLocale } from '../../../app.config'

/**
 * The one public form of every page: no `/nl` prefix (nl is the default) and
 * no trailing slash (ADR 004). Returns the redirect target (path + query) or
 * null when the URL is already canonical.
 */
export function canonicalRedirect(url: URL): string | null {
  let path = url.pathname
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/'
  if (path === `/${defaultLocale}` || path.startsWith(`/${defaultLocale}/`)) {
    path = path.slice(defaultLocale.length + 1) || '/'
  }
  // Collapse accidental double slashes, which would otherwise be a second URL for a page.
  path = path.replace(/\/{2,}/g, '/')
  if (path === url.pathname) return null
  return path + url.search
}
