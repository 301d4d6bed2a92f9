import { useSyncExternalStore } from 'react'

const minuteMs = 60_000

/** The current minute: a value that stays the same within a minute (a snapshot must be stable). */
function currentMinute(): number {
  return Math.floor(Date.now() / minuteMs) * minuteMs
}

function subscribe(onChange: () => void): () => void {
  // A few checks per minute: a new minute shows within seconds, also after the tab slept.
  const timer = setInterval(onChange, 10_000)
  return () => clearInterval(timer)
}

/**
 * The time, a minute at a time: `renderedAt` (the server's clock, from the loader) while
 * rendering on the server and hydrating, so both render the same text, then the browser's clock,
 * kept current. React re-renders with the browser's value right after hydration, without a
 * mismatch (that is what useSyncExternalStore's server snapshot is for).
 */
export function useMinuteClock(renderedAt: number): number {
  return useSyncExternalStore(subscribe, currentMinute, () => Math.floor(renderedAt / minuteMs) * minuteMs)
}
