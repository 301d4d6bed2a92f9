import { isoOf, localeCodes, type Locale } from '../../../app.config'
import { pathCodec } from '../../i18n/i18n'
import { internalSegment, isLocale, reservedFirstSegments } from '../../i18n/paths'
import { isLocationSlug } from '../../locations/paths'
import { cms } from '../cms-client/operations.server'
import { logger } from '../platform/logger.server'
import { shellPathOf, type ShellPath, type ShellTemplate } from './not-found-shell'
import { decidePath } from '../redirects/path-decision.server'

/** The routes whose 404 page a template answers: CMS pages (`/$locale/$`), a news item, a location. */
export type ShellRoute = 'page' | 'news' | 'location'

export interface MissingPage {
  locale: Locale
  route: ShellRoute
  /** The path after the language (and the route's fixed segment), without its first slash, as the router writes it. */
  splat: ShellPath
  /** Whether the router sees a query (then the page's own language link is not marked current). */
  query: boolean
}

/**
 * When a request is for a page that does not exist, so its route would answer 404: a CMS page, a
 * news item or a location nobody has, whatever its query. Null for anything else, and when
 * unsure: a path some middleware redirects, another fixed route, a path whose characters the
 * template cannot take (not-found-shell.ts), a CMS that does not answer. Those render.
 */
export async function missingPage(url: URL): Promise<MissingPage | null> {
  const path = shellPathOf(url.pathname)
  if (!path) return null
  // What middleware/canonical-paths.ts redirects (the old site's paths, renamed segments, news aliases).
  if (decidePath(url, pathCodec).kind !== 'route') return null
  const [, locale, head, ...rest] = pathCodec.toInternal(path.encoded).split('/')
  if (!isLocale(locale) || head === undefined || reservedFirstSegments.has(head)) return null
  const [slug, ...deeper] = rest
  // `?&` is no query to the router: only a named or valued parameter is.
  const query = url.search.slice(1).split('&').some(Boolean)
  const found = (route: ShellRoute, encoded: string): MissingPage => ({
    locale,
    route,
    splat: { encoded, decoded: encoded.split('/').map(decodeURIComponent).join('/') },
    query,
  })
  try {
    if (head === internalSegment.news) {
      // `feed.xml` is the news feed's route; a slug any language has is an item or a redirect to one.
      if (slug === undefined || deeper.length > 0 || slug === 'feed.xml') return null
      const known = await knownNewsSlugs()
      const missing = found('news', slug)
      return known.has(slug.toLowerCase()) || known.has(missing.splat.decoded.toLowerCase()) ? null : missing
    }
    if (head === internalSegment.locations) {
      // A slug that cannot be an id is a 404 without a CMS read: a page of another shape than the template's.
      if (slug === undefined || deeper.length > 0 || !isLocationSlug(slug)) return null
      return (await contentOf(locale)).locationIds.has(slug) ? null : found('location', slug)
    }
    // Fixed routes live under `~` segments.
    if (head.startsWith('~')) return null
    const missing = found('page', [head, ...rest].join('/'))
    const { pageLinks } = await contentOf(locale)
    const known = (splat: string) => pageLinks.has(pathCodec.toPublic(`/${locale}/${splat}`).toLowerCase())
    return known(missing.splat.encoded) || known(missing.splat.decoded) ? null : missing
  } catch {
    return null
  }
}

interface KnownContent {
  /** Every published page's link, lower-cased: a CMS may match links without regard to case. */
  pageLinks: ReadonlySet<string>
  /** Lower-cased news slugs; null when the list is not complete (more items than one read gives). */
  newsSlugs: ReadonlySet<string> | null
  locationIds: ReadonlySet<string>
}

/** Made once per cached CMS answer, not per request. */
const knownContent = new WeakMap<object, KnownContent>()

/**
 * What a language has, from the sitemap's CMS read (one cached answer for every path, where
 * asking for each path's page would run a CMS query per random path). The contract lists every
 * published page in `readPages`.
 */
async function contentOf(locale: Locale): Promise<KnownContent> {
  const result = await cms.readSitemap({ locale: isoOf(locale) })
  let known = knownContent.get(result)
  if (!known) {
    const news = result.readNewsItems
    known = {
      pageLinks: new Set(result.readPages.map((page) => page.link.replace(/\/+$/, '').toLowerCase() || '/')),
      newsSlugs: news.nodes.length >= news.totalCount ? new Set(news.nodes.map((item) => item.slug.toLowerCase())) : null,
      locationIds: new Set(result.readLocations.map((location) => location.id)),
    }
    knownContent.set(result, known)
  }
  return known
}

/**
 * News slugs of every language: a slug of another language's item redirects to its translation
 * (cms-client/news-item.server.ts), so only a slug no language has is missing. Throws when a list is
 * not complete, so the path renders.
 */
async function knownNewsSlugs(): Promise<ReadonlySet<string>> {
  const lists = await Promise.all(localeCodes.map(async (code) => (await contentOf(code)).newsSlugs))
  if (allNewsSlugs && lists.every((list, index) => list === allNewsSlugs?.lists[index])) return allNewsSlugs.all
  const all = new Set<string>()
  for (const list of lists) {
    if (!list) throw new Error('more news items than one read lists')
    for (const slug of list) all.add(slug)
  }
  allNewsSlugs = { lists, all }
  return all
}

/** The last union of the languages' slug lists, kept while none of them changes. */
let allNewsSlugs: { lists: ReadonlyArray<ReadonlySet<string> | null>; all: ReadonlySet<string> } | undefined

interface StoredTemplate {
  template: Promise<ShellTemplate | undefined>
  /** The page cache's generation it was made in: a purge (new content, new navigation) makes it old. */
  generation: number
  madeAt: number
}

/** Per origin, language and route; origins are the allowed hosts only (server.ts checks them first). */
const templates = new Map<string, StoredTemplate>()
const maxTemplates = 64

/**
 * The 404 template of a route in a language on an origin: made by `make` (a render of a probe
 * path) when missing, after a purge, or older than `maxAgeMs` (as a stored page would be);
 * concurrent requests share one render. A failed render leaves no template (the next request
 * tries again).
 */
export function shellTemplateFor(
  key: string,
  generation: number,
  maxAgeMs: number,
  make: () => Promise<ShellTemplate | undefined>,
): Promise<ShellTemplate | undefined> {
  const stored = templates.get(key)
  if (stored && stored.generation === generation && Date.now() - stored.madeAt < maxAgeMs) return stored.template
  if (!stored && templates.size >= maxTemplates) templates.clear()
  const template = make().catch((error: unknown) => {
    logger.warn({ err: error }, '[404 shell] the 404 page could not be made into a template; rendering each 404')
    return undefined
  })
  const entry = { template, generation, madeAt: Date.now() }
  templates.set(key, entry)
  void template.then((made) => {
    if (!made && templates.get(key) === entry) templates.delete(key)
  })
  return template
}
