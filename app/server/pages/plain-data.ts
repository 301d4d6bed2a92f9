/**
 * Whether a value decoded from a server function call is plain data: what JSON can say (null,
 * booleans, numbers, strings, arrays, objects whose prototype is Object's or null), plus
 * undefined (an optional field left out). That is all the site's own calls send (the inputs of
 * the server functions in the *.functions.ts files). Seroval can also decode promises, streams,
 * iterators, Maps, Sets, Dates, errors, typed arrays, symbols and functions: none of them is an
 * input here, and a promise that never settles is one Start waits on for ever.
 * Cycles are refused too (JSON has none); one object reached twice is fine.
 */
export function isPlainData(value: unknown): boolean {
  return plain(value, new Set())
}

function plain(value: unknown, ancestors: Set<object>): boolean {
  if (value === null || value === undefined) return true
  switch (typeof value) {
    case 'boolean':
    case 'number':
    case 'string':
      return true
    case 'object':
      break
    default:
      // bigint, symbol, function
      return false
  }
  const prototype: unknown = Object.getPrototypeOf(value)
  const isArray = Array.isArray(value) && prototype === Array.prototype
  if (!isArray && prototype !== Object.prototype && prototype !== null) return false
  if (ancestors.has(value)) return false
  ancestors.add(value)
  for (const key of Reflect.ownKeys(value)) {
    // An array's own `length` is not an entry.
    if (isArray && key === 'length') continue
    if (typeof key === 'symbol') return false
    const descriptor = Object.getOwnPropertyDescriptor(value, key)
    // A getter is code, not data.
    if (!descriptor || !('value' in descriptor) || !plain(descriptor.value, ancestors)) return false
  }
  ancestors.delete(value)
  return true
}

/** Plain data (isPlainData) that is an object of named fields: what a server function takes as its input. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && isPlainData(value)
}
