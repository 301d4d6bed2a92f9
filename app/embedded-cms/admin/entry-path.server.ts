import { languages, type Locale } from '../../../app.config'
import type { EmbeddedContent } from '../content/projection.server'
import { pathCodec } from '../../i18n/i18n'
import { locationsPath } from '../../locations/paths'
import { newsPath } from '../../news/news-paths'
import { currentContent } from '../content-store.server'

/**
 * The public address of an entry of the admin (Decap's collection and the entry's slug, its
 * file name), for "View Live": a page or news item in Dutch, else in the first language it has;
 * a location's own page. Drafts count (the editor may be in preview mode). Undefined when the
 * content has no such entry.
 */
export function entryPublicPath(collection: string, slug: string): string | undefined {
  return entryPathIn(currentContent(true), collection, slug)
}

/**
 * The address of an entry in `content` (the admin's preview: the content with the editor's
 * unsaved values), in language `code` when the entry has it, else as entryPublicPath says.
 */
export function entryPathIn(content: EmbeddedContent, collection: string, slug: string, code?: Locale): string | undefined {
  const inOrder =
    code === undefined ? languages : [...languages.filter((l) => l.code === code), ...languages.filter((l) => l.code !== code)]
  if (collection === 'pages' || collection.startsWith('pages-')) {
    for (const { iso } of inOrder) {
      for (const page of content.pages.get(iso)?.values() ?? []) if (page.id === slug) return page.link
    }
    return undefined
  }
  if (collection === 'news') {
    for (const { code, iso } of inOrder) {
      const item = content.news.get(iso)?.find((news) => news.id === slug)
      if (item) return newsPath(code, item.slug)
    }
    return undefined
  }
  if (collection === 'locations') {
    // A location's file is named by its id, its page's address segment.
    return content.locations.some((location) => location.id === slug) ? locationsPath(code ?? 'nl', slug) : undefined
  }
  // The site's settings and menus show on every page.
  if (collection === 'settings' && (slug === 'site' || slug === 'navigation'))
    return code === undefined ? '/' : pathCodec.toPublic(`/${code}`)
  return undefined
}
