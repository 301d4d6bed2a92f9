import { invalidateCmsCache } from './cms/client.server'
import { getPageCache } from './page-cache.server'

/**
 * Content changed (a publish webhook, an edited content file): cached CMS results and the
 * pages built from them are out of date. Returns how many pages were dropped.
 */
export function clearContentCaches(): { pages: number } {
  const pages = getPageCache()?.size ?? 0
  getPageCache()?.clear()
  invalidateCmsCache()
  return { pages }
}
