import { localeCodes, localeOfIso, perLocale, type Locale } from '../../app.config'
import { madeOnce } from '../i18n/made-once'
import { pathCodec } from '../i18n/i18n'

/** Public path of the news list, or of one item, in a language. */
export function newsPath(locale: Locale, slug?: string): string {
  return pathCodec.toPublic(`/${locale}/~news${slug ? `/${slug}` : ''}`)
}

/** Public path of the news feed (Atom) of a language: the news list's path plus `/feed.xml`. */
export function newsFeedPath(locale: Locale): string {
  return pathCodec.toPublic(`/${locale}/~news/feed.xml`)
}

/** Public path of one page of the news list (page 1 has no query). */
export function newsListPath(locale: Locale, page: number): string {
  return page > 1 ? `${newsPath(locale)}?page=${page}` : newsPath(locale)
}

/**
 * The same page of the news list in every language that has that many pages (for hreflang):
 * each page of the list is its own canonical, so its alternates are that page elsewhere, not
 * page 1.
 */
export function newsListTranslations(page: number, pageCounts: Partial<Record<Locale, number>>): Partial<Record<Locale, string>> {
  const translations: Partial<Record<Locale, string>> = {}
  for (const code of localeCodes) {
    const count = pageCounts[code]
    if (count !== undefined && page <= count) translations[code] = newsListPath(code, page)
  }
  return translations
}

/**
 * Where the language switcher goes from a news item: its translation where
 * one exists, else that language's news list.
 */
export function newsAlternates(
  locale: Locale,
  slug: string,
  translations: ReadonlyArray<{ locale: string; slug: string }>,
): Record<Locale, string> {
  const alternates = perLocale((code) => newsPath(code))
  alternates[locale] = newsPath(locale, slug)
  for (const translation of translations) {
    const code = localeOfIso(translation.locale)
    if (code) alternates[code] = newsPath(code, translation.slug)
  }
  return alternates
}

/** Public paths of the languages that really have this item (for hreflang). */
export function newsTranslations(
  locale: Locale,
  slug: string,
  translations: ReadonlyArray<{ locale: string; slug: string }>,
): Partial<Record<Locale, string>> {
  const result: Partial<Record<Locale, string>> = { [locale]: newsPath(locale, slug) }
  for (const translation of translations) {
    const code = localeOfIso(translation.locale)
    if (code) result[code] = newsPath(code, translation.slug)
  }
  return result
}

const dateFormat = madeOnce((locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }))

/** A date in the page's language; UTC so every server prints the same day. */
export function formatNewsDate(date: string, locale: string): string {
  return dateFormat(locale).format(new Date(`${date}T00:00:00Z`))
}

/**
 * A news item with its date as the page prints it, made by the news server functions: the browser
 * shows the text and never builds a date formatter, whose first one costs a phone's main thread
 * tens of milliseconds while the page hydrates (ADR 046).
 */
export function withDateLabel<T extends { date: string }>(item: T, locale: string): T & { dateLabel: string } {
  return { ...item, dateLabel: formatNewsDate(item.date, locale) }
}
