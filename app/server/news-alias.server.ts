import { newsPath } from '../components/news/news-paths'
import type { PathCodec } from '../i18n/paths'
import { resolveNewsItem } from './cms/news-item.server'

/**
 * Another language's news segment under this one (`/de/news`, `/en/nieuws/{slug}`): one
 * permanent redirect to this language's news list, or to the item in this language when the
 * slug is this language's or another's with a translation here. Null for other paths and for
 * slugs no item has (those are looked up as pages, and not found).
 */
export async function newsAliasRedirect(url: URL, codec: PathCodec): Promise<string | null> {
  const alias = codec.foreignNewsPath(url.pathname)
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
