/**
 * A value made once, on first use, and shared: an optional client whose library is imported only
 * when the configuration needs it. A failed load is forgotten, so the next use tries again
 * instead of the process carrying one failed import for its whole life.
 */
export interface RetryingLoad<T> {
  /** The value, loading it if no load is under way or done. */
  get: () => Promise<T>
  /** The load under way or done, if any, without starting one (for closing). */
  current: () => Promise<T> | undefined
  /** Drops the value, so the next `get` loads afresh (after closing it). */
  forget: () => void
}

export function retryingLoad<T>(load: () => Promise<T>): RetryingLoad<T> {
  let loading: Promise<T> | undefined
  return {
    get: () => {
      if (loading) return loading
      const attempt: Promise<T> = load().catch((error: unknown) => {
        // Only this attempt is forgotten: after a forget() a newer one may be under way.
        if (loading === attempt) loading = undefined
        throw error
      })
      loading = attempt
      return attempt
    },
    current: () => loading,
    forget: () => {
      loading = undefined
    },
  }
}
