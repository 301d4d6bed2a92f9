import { constants } from '../../app.config'

const guardKey = 'full-reload-at'

/**
 * A full page load of `href`, unless one happened within the reload guard
 * (10 s): a target that keeps failing must not reload in a loop.
 * Returns whether it reloaded.
 */
export function guardedFullLoad(href: string, reason: string): boolean {
  const last = Number(sessionStorage.getItem(guardKey) ?? 0)
  if (Date.now() - last < constants.reloadGuardMs) {
    console.warn(`[reload] skipped (guard): ${reason}`)
    return false
  }
  sessionStorage.setItem(guardKey, String(Date.now()))
  console.warn(`[reload] full page load of ${href}: ${reason}`)
  window.location.assign(href)
  return true
}

/** True when the error page shows for a client-side navigation, not the server-rendered document. */
export function isClientNavigation(): boolean {
  const entry = performance.getEntriesByType('navigation')[0]
  return entry !== undefined && entry.name !== window.location.href
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Loading chunk/i.test(
    error.message,
  )
}
