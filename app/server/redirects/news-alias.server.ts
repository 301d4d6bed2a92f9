import { newsPath } from '../../news/news-paths'
import type { Locale } from '../../../app.config'
import { isLocale, type PathCodec } from '../../i18n/paths'
import { resolveNewsItem } from '../cms-client/news-item.server'

/** This language's own news segment with a slug (`/nieuws/{slug}`), from the router's internal path. */
function ownNewsPath(pathname: string, codec: PathCodec): { locale: Locale; slug: string } | null {
  const match = /^\/([a-z]{2})\/~news\/([^/]+)$/.exec(codec.toInternal(pathname))
  const [, locale, slug] = match ?? []
  return isLocale(locale) && slug !== undefined ? { locale, slug } : null
}

/** The news path newsAliasRedirect answers for, if any: a language and maybe a slug. */
function newsAlias(url: URL, codec: PathCodec, ownSegment: boolean): { locale: Locale; slug?: string } | null {
  return codec.foreignNewsPath(url.pathname) ?? (ownSegment ? ownNewsPath(url.pathname, codec) : null)
}

/**
 * Whether the redirect of a path that pathRedirect sends to `target` is known without the CMS:
 * yes unless the target is a news item's path, whose slug newsAliasRedirect looks up (the
 * canonical-paths middleware asks it with `ownSegment` for every such target).
 */
export function redirectKnownWithoutCms(url: URL, target: string, codec: PathCodec): boolean {
  return !target.startsWith('/') || newsAlias(new URL(target, url), codec, true)?.slug === undefined
}

/**
 * Another language's news segment under this one (`/de/news`, `/en/nieuws/{slug}`): one
 * permanent redirect to this language's news list, or to the item in this language when the
 * slug is this language's or another's with a translation here. Null for other paths and for
 * slugs no item has (those are looked up as pages, and not found).
 * `ownSegment`: also this language's own segment, where the route itself would redirect a slug
 * of another language (`/nieuws/free-winter-check`); for a path that is redirected anyway
 * (`/nieuws/free-winter-check/`), so that it is one hop.
 */
export async function newsAliasRedirect(url: URL, codec: PathCodec, { ownSegment = false } = {}): Promise<string | null> {
  const alias = newsAlias(url, codec, ownSegment)
  if (!alias) return null
  if (alias.slug === undefined) return newsPath(alias.locale) + url.search
  let slug: string
  try {
    slug = decodeURIComponent(alias.slug)
  } catch {
    return null
  }
  const result = await resolveNewsItem(alias.locale, slug)
  if (result.kind === 'missing') return null
  return newsPath(alias.locale, result.kind === 'item' ? result.item.slug : result.slug) + url.search
}
