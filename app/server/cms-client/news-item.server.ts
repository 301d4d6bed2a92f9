import { defaultLocale, isoOf, localeCodes, type Locale } from '../../../app.config'
import type { CmsRequestOptions } from './client.server'
import { cms } from './operations.server'

/** Other languages in the order their slugs are tried: nl (the source language) first. */
const slugSearchOrder: ReadonlyArray<Locale> = [defaultLocale, ...localeCodes.filter((code) => code !== defaultLocale)]

/** No news item has a longer slug: a longer one in a URL is simply not found. */
const maxSlugLength = 200

/**
 * A news item by slug in a language. When the slug is another language's item with a
 * translation in this one (a shared or switched link), the answer is that translation's slug
 * (the caller redirects to it).
 */
export async function resolveNewsItem(locale: Locale, slug: string, options: CmsRequestOptions = {}) {
  if (slug.length > maxSlugLength) return { kind: 'missing' as const }
  const iso = isoOf(locale)
  const own = (await cms.readNewsItem({ slug, locale: iso }, options)).readOneNewsItem
  if (own) return { kind: 'item' as const, item: own }
  for (const other of slugSearchOrder) {
    if (other === locale) continue
    const item = (await cms.readNewsItem({ slug, locale: isoOf(other) }, options)).readOneNewsItem
    if (!item) continue
    const translation = item.translations.find((t) => t.locale === iso)
    return translation ? { kind: 'moved' as const, slug: translation.slug } : { kind: 'missing' as const }
  }
  return { kind: 'missing' as const }
}
