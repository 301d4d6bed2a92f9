import { thanksParam } from '../../contact/form-post'
import { pathCodec } from '../../i18n/i18n'
import { matchedRoutesOf, routerSearchOf } from '../http/server-routes.server'

/**
 * Which query parameters make a page another page. A route says which it reads in its
 * `validateSearch` (app/routes); request middleware reads the contact form's thank-you link
 * (`?sent=`). Any other parameter (`utm_*`, `gclid`, a cache buster, a random one) changes nothing
 * on the page, so it makes no cache entry and no render of its own: the plain page answers.
 */
export interface PageQuery {
  /** The parameters the page reads, in the request's order: part of the cache key and of the render. */
  kept: Array<[string, string]>
  /** The others: left out of the key and the render, put back on a redirect's target. */
  dropped: Array<[string, string]>
}

/** Parameters request middleware reads on every page (middleware/contact-form-posts.ts). */
const middlewareParams: ReadonlySet<string> = new Set([thanksParam])

export function pageQuery(url: URL): PageQuery {
  const params = [...url.searchParams]
  if (params.length === 0) return { kept: [], dropped: [] }
  const read = paramsRead(url)
  const kept: Array<[string, string]> = []
  const dropped: Array<[string, string]> = []
  for (const param of params) (read === 'all' || read.has(param[0]) || middlewareParams.has(param[0]) ? kept : dropped).push(param)
  return { kept, dropped }
}

/**
 * The names the routes of this path keep when validating its search, asked of the routes
 * themselves, the same way the router asks them (router-core's validateSearch). 'all' when unsure
 * (a path the codec or the router cannot read, a validator that throws or is of another kind):
 * then the page keeps its whole query, as before.
 */
function paramsRead(url: URL): ReadonlySet<string> | 'all' {
  try {
    const routes = matchedRoutesOf(decodeURI(pathCodec.toInternal(url.pathname)))
    const search = routerSearchOf(url.search)
    const read = new Set<string>()
    for (const { options } of routes) {
      const validated = validatedSearch(options.validateSearch, search)
      if (validated === 'unknown') return 'all'
      for (const name of Object.keys(validated)) read.add(name)
    }
    return read
  } catch {
    return 'all'
  }
}

/** What one route's validator keeps of a search: {} without one, 'unknown' for a kind it cannot ask. */
function validatedSearch(validator: unknown, search: Record<string, unknown>): object | 'unknown' {
  if (validator === undefined || validator === null) return {}
  const result: unknown = typeof validator === 'function' ? validator({ ...search }) : undefined
  return typeof result === 'object' && result !== null ? result : 'unknown'
}
