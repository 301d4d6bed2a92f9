import { constants } from '../../app.config'

const guardKey = 'full-reload-at'

/**
 * When this document was loaded by a reload, else 0. The router reloads once by itself when a
 * route's chunk is missing (lazyRouteComponent), without this guard's mark: that counts too.
 */
function reloadedAt(): number {
  const [entry] = performance.getEntriesByType('navigation')
  return entry instanceof PerformanceNavigationTiming && entry.type === 'reload' ? performance.timeOrigin : 0
}

/**
 * A full page load of `href`, unless one happened within the reload guard
 * (10 s): a target that keeps failing must not reload in a loop.
 * Returns whether it reloaded.
 */
export function guardedFullLoad(href: string, reason: string): boolean {
  const last = Math.max(Number(sessionStorage.getItem(guardKey) ?? 0), reloadedAt())
  if (Date.now() - last < constants.reloadGuardMs) {
    console.warn(`[reload] skipped (guard): ${reason}`)
    return false
  }
  sessionStorage.setItem(guardKey, String(Date.now()))
  console.warn(`[reload] full page load of ${href}: ${reason}`)
  window.location.assign(href)
  return true
}

let clientNavigations = 0

/** The router started a navigation after the page was running (ClientRuntime subscribes once hydrated). */
export function noteClientNavigation(): void {
  clientNavigations += 1
}

/**
 * True when the error page shows for a client-side navigation, not the server-rendered document.
 * Counting navigations matters: back on the document's own URL (/en → /en/x → /en) the URL alone
 * would say "server-rendered".
 */
export function isClientNavigation(): boolean {
  if (clientNavigations > 0) return true
  const entry = performance.getEntriesByType('navigation')[0]
  return entry !== undefined && entry.name !== window.location.href
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Loading chunk/i.test(
    error.message,
  )
}
