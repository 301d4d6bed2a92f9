/**
 * UI flags from the spec: overlayActive and horizontalDirection, both default
 * false and settable. A tiny external store read with useSyncExternalStore.
 * The store lives per browser tab; on the server every render starts from the
 * defaults (getServerSnapshot), so no state is shared between requests.
 */
import { useSyncExternalStore } from 'react'

export interface UiFlags {
  overlayActive: boolean
  horizontalDirection: boolean
}

export const defaultUiFlags: UiFlags = Object.freeze({ overlayActive: false, horizontalDirection: false })

let state: UiFlags = defaultUiFlags
const listeners = new Set<() => void>()

export function getUiFlags(): UiFlags {
  return state
}

export function setUiFlags(patch: Partial<UiFlags>): void {
  const next = { ...state, ...patch }
  if (next.overlayActive === state.overlayActive && next.horizontalDirection === state.horizontalDirection) return
  state = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useUiFlags(): UiFlags {
  return useSyncExternalStore(subscribe, getUiFlags, () => defaultUiFlags)
}
