import type { AnyRouter } from '@tanstack/react-router'
import * as v from 'valibot'
import { constants } from '../../app.config'
import { loadBuildManifest } from './build-manifest'

const latestSchema = v.object({ id: v.string(), timestamp: v.number() })

/** Skipped on slow-2g or when the visitor asked to save data (Network Information API, where present). */
function slowConnection(): boolean {
  const connection: unknown = Reflect.get(navigator, 'connection')
  if (typeof connection !== 'object' || connection === null) return false
  const effectiveType: unknown = Reflect.get(connection, 'effectiveType')
  return Reflect.get(connection, 'saveData') === true || constants.buildCheck.skipOnEffectiveType.some((type) => type === effectiveType)
}

/**
 * Checks once an hour (first after 1 s) whether a newer build is live. When
 * it is, the next navigation becomes a full page load, so visitors get the
 * new build's assets instead of chunks that may no longer exist.
 * The first check also loads this build's manifest (build-manifest.ts).
 */
export function startBuildCheck(router: AnyRouter, currentBuildId: string): () => void {
  if (slowConnection()) return () => {}
  let updateAvailable = false

  const check = async () => {
    try {
      const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' })
      if (!response.ok) return
      const latest = v.parse(latestSchema, await response.json())
      if (latest.id !== currentBuildId && !updateAvailable) {
        updateAvailable = true
        document.documentElement.dataset.updateAvailable = 'true'
      }
    } catch (error) {
      console.warn('[build-check] could not check for a new build', error)
    }
  }

  const first = window.setTimeout(() => {
    void loadBuildManifest(currentBuildId)
    void check()
  }, constants.buildCheck.firstDelayMs)
  const interval = window.setInterval(check, constants.buildCheck.intervalMs)
  const unsubscribe = router.subscribe('onBeforeNavigate', (event) => {
    if (updateAvailable && event.hrefChanged) window.location.assign(event.toLocation.publicHref)
  })
  return () => {
    window.clearTimeout(first)
    window.clearInterval(interval)
    unsubscribe()
  }
}
