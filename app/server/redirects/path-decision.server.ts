import { newsPath } from '../../news/news-paths'
import type { Locale } from '../../../app.config'
import { isLocale, type PathCodec } from '../../i18n/paths'
import { resolveNewsItem } from '../cms-client/news-item.server'
import { pathRedirect } from './path-redirects'

/** This language's own news segment with a slug (`/nieuws/{slug}`), from the router's internal path. */
function ownNewsPath(pathname: string, codec: PathCodec): { locale: Locale; slug: string } | null {
  const match = /^\/([a-z]{2})\/~news\/([^/]+)$/.exec(codec.toInternal(pathname))
  const [, locale, slug] = match ?? []
  return isLocale(locale) && slug !== undefined ? { locale, slug } : null
}

/** Another language's news segment (or, with `ownSegment`, this language's): a language and maybe a slug. */
function newsAlias(url: URL, codec: PathCodec, ownSegment: boolean): { locale: Locale; slug?: string } | null {
  return codec.foreignNewsPath(url.pathname) ?? (ownSegment ? ownNewsPath(url.pathname, codec) : null)
}

/**
 * What the site does with a request's path before routing: the one place a path's redirect is
 * decided, which the canonical-paths middleware, page delivery (ADR 045) and the 404 template
 * all ask. `route`: no redirect, its route answers. `redirect`: a 301 to `location`, known from the
 * path alone (the old site's paths, renamed segments, `/nl/x`, `/x/`, another language's news
 * segment). `news-item`: a news path whose item is looked up in the CMS (its slug in this
 * language), else `otherwise` (the path redirect it had, or none).
 */
export type PathDecision =
  | { kind: 'route' }
  | { kind: 'redirect'; location: string }
  | { kind: 'news-item'; locale: Locale; slug: string; search: string; otherwise: string | null }

export function decidePath(url: URL, codec: PathCodec): PathDecision {
  const target = pathRedirect(url, codec)
  // Where the path rules lead is where a news alias is looked up (`/de/news/` → `/de/nachricht`,
  // `/nieuws/free-winter-check/` → `/nieuws/gratis-wintercheck`): one hop in all.
  const aliasOf = target === null ? url : target.startsWith('/') ? new URL(target, url) : undefined
  const alias = aliasOf ? newsAlias(aliasOf, codec, target !== null) : null
  if (alias?.slug !== undefined && aliasOf)
    return { kind: 'news-item', locale: alias.locale, slug: alias.slug, search: aliasOf.search, otherwise: target }
  const location = alias ? newsPath(alias.locale) + (aliasOf?.search ?? '') : target
  return location === null ? { kind: 'route' } : { kind: 'redirect', location }
}

/**
 * The permanent redirect of a path, or null (decidePath, with the CMS asked for a news item).
 * When the CMS cannot be asked, a path redirected anyway still is (its route then finds the
 * item); another is answered by its route, as the error says.
 */
export async function redirectOf(url: URL, codec: PathCodec): Promise<string | null> {
  const decision = decidePath(url, codec)
  if (decision.kind !== 'news-item') return decision.kind === 'redirect' ? decision.location : null
  try {
    return (await newsItemPath(decision.locale, decision.slug, decision.search)) ?? decision.otherwise
  } catch (error) {
    if (decision.otherwise === null) throw error
    return decision.otherwise
  }
}

/**
 * The item's path in its language when a news item has this slug (its own, or another
 * language's with a translation here); null for slugs no item has (those are looked up as pages,
 * and not found).
 */
async function newsItemPath(locale: Locale, encodedSlug: string, search: string): Promise<string | null> {
  let slug: string
  try {
    slug = decodeURIComponent(encodedSlug)
  } catch {
    return null
  }
  const result = await resolveNewsItem(locale, slug)
  if (result.kind === 'missing') return null
  return newsPath(locale, result.kind === 'item' ? result.item.slug : result.slug) + search
}
