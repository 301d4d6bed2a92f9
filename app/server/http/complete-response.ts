/**
 * A response whose header list is final when it leaves its maker: security headers, caching
 * and the request id are already in it (a page, page-delivery.server.ts). The server entry and
 * nitro's response hook then leave its headers alone: touching `headers` on srvx's FastResponse
 * turns its plain header list into an undici `Headers` object, which was a tenth of the CPU of a
 * page-cache hit. It also carries what the access log needs to know.
 *
 * A registered symbol: nitro bundles its plugins apart from the app, so a module-level WeakSet
 * would not be the same object there.
 */
const completeMark = Symbol.for('autogroep.completeResponse')

export interface CompleteResponseFacts {
  /** X-Page-Cache: HIT, STALE, MISS, BYPASS or SHELL (a 404 from its template, ADR 021). */
  cache: string
  /** Content-Length, when there is a body. */
  bytes: number | undefined
}

export function markComplete<T extends object>(response: T, facts: CompleteResponseFacts): T {
  Object.defineProperty(response, completeMark, { value: facts })
  return response
}

function isFacts(value: unknown): value is CompleteResponseFacts {
  return typeof value === 'object' && value !== null && 'cache' in value && typeof value.cache === 'string'
}

/** The facts of a response marked complete, else undefined (its headers may still change). */
export function completeResponseFacts(response: object): CompleteResponseFacts | undefined {
  const value: unknown = Reflect.get(response, completeMark)
  return isFacts(value) ? value : undefined
}
