import { constants } from '../../app.config'
import { createTaskQueue } from './task-queue'

/*
 * Network fetches right after the server-rendered page hydrates would only fetch again what
 * the server has just sent, and compete with the page's own assets. So the browser starts
 * them a short moment (100 ms) after hydration, and route preloads (link intent) never run
 * more than 4 at once.
 */

/** Route preloads: paused until fetches are enabled, then at most 4 in parallel. */
export const preloadQueue = createTaskQueue(constants.maxParallelPreloads, { paused: true })

let fetchesEnabled = false

/** Called once the page has hydrated; returns a cancel for the effect's cleanup. */
export function enableFetchesAfterSsr(): () => void {
  const timer = window.setTimeout(() => {
    fetchesEnabled = true
    preloadQueue.resume()
  }, constants.enableFetchAfterSsrMs)
  return () => window.clearTimeout(timer)
}

/**
 * Whether a query mounting now may refetch stale data: not within the delay, when its data
 * is the server's, just hydrated (the query's own staleTime decides afterwards).
 */
export function mayRefetchOnMount(): boolean {
  return fetchesEnabled
}
