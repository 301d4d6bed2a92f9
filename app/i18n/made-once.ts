/**
 * A value made on first use for its key and kept: for Intl formatters, whose creation costs
 * far more than formatting with one, and native memory that is freed only when the GC gets to
 * it (ADR 016). Keys come from a small set (the site's languages, a CMS's time
 * zones), never straight from a request. A maker's `undefined` is not kept.
 */
export function madeOnce<K extends string, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>()
  return (key) => {
    let value = made.get(key)
    if (value === undefined) {
      value = make(key)
      made.set(key, value)
    }
    return value
  }
}
