import { newsPath } from '../../news/news-paths'
import type { Locale } from '../../../app.config'
import { isLocale, type PathCodec } from '../../i18n/paths'
import { resolveNewsItem } from '../cms/news-item.server'

/** This language's own news segment with a slug (`/nieuws/{slug}`), from the router's internal path. */
function ownNewsPath(pathname: string, codec: PathCodec): { locale: Locale; slug: string } | null {
  const match = /^\/([a-z]{2})\/~news\/([^/]+)$/.exec(codec.toInternal(pathname))
  const [, locale, slug] = match ?? []
  return isLocale(locale) && slug !== undefined ? { locale, slug } : null
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
  const alias = codec.foreignNewsPath(url.pathname) ?? (ownSegment ? ownNewsPath(url.pathname, codec) : null)
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
