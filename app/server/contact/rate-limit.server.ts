/**
 * Fixed-window-free rate limit: at most `max` hits per key within `windowMs`
 * (sliding log). In memory, per process.
 */
export function createRateLimiter(max: number, windowMs: number, now: () => number = Date.now) {
  const hits = new Map<string, number[]>()
  return {
    /** Records a hit; false when the key is over its limit. */
    allow(key: string): boolean {
      const time = now()
      const recent = (hits.get(key) ?? []).filter((t) => time - t < windowMs)
      if (recent.length >= max) {
        hits.set(key, recent)
        return false
      }
      recent.push(time)
      hits.set(key, recent)
      // Keep memory bounded: forget idle keys now and then.
      if (hits.size > 10_000) for (const [k, list] of hits) if (list.every((t) => time - t >= windowMs)) hits.delete(k)
      return true
    },
  }
}
