import type { I18n, Messages } from '@lingui/core'
import { defaultLocale, type Locale } from '../../app.config'
import { createPathCodec, isLocale } from './paths'
import { renamedSegments, segmentTable } from './segments'

/** The one codec the router and every helper use. */
export const pathCodec = createPathCodec(segmentTable, renamedSegments)

/** The router's `rewrite`: public (localized) URLs in, internal `/$locale/…` paths out. */
export const localeRewrite = {
  input: ({ url }: { url: URL }) => {
    url.pathname = pathCodec.toInternal(url.pathname)
    return url
  },
  output: ({ url }: { url: URL }) => {
    url.pathname = pathCodec.toPublic(url.pathname)
    return url
  },
}

/** Each locale's UI catalog is its own chunk, loaded on demand. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const { messages } = await import(`../locales/${locale}/messages.po`)
  return messages
}

const loadedLocales = new WeakMap<I18n, Set<Locale>>()

/** Records a catalog loaded into a per-router i18n instance. */
function loadIntoInstance(i18n: I18n, locale: Locale, messages: Messages): void {
  i18n.load(locale, messages)
  const loaded = loadedLocales.get(i18n) ?? new Set<Locale>()
  loaded.add(locale)
  loadedLocales.set(i18n, loaded)
}

/** Loads (once per instance) and activates a locale on a per-router i18n instance. */
export async function activateLocale(i18n: I18n, locale: Locale): Promise<void> {
  if (i18n.locale === locale) return
  if (!loadedLocales.get(i18n)?.has(locale)) loadIntoInstance(i18n, locale, await loadMessages(locale))
  i18n.activate(locale)
}

/**
 * Loads a locale's catalog without activating it: for a preload (a link hovered or focused),
 * which must not switch the page on screen to the language of the page it warms up.
 */
export async function preloadLocale(i18n: I18n, locale: Locale): Promise<void> {
  if (!loadedLocales.get(i18n)?.has(locale)) loadIntoInstance(i18n, locale, await loadMessages(locale))
}

/** Locale of an internal router path (`/$locale/...`). */
export function localeOfInternalPath(pathname: string): Locale {
  const first = pathname.split('/')[1]
  return isLocale(first) ? first : defaultLocale
}
