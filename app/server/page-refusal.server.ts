import { setupI18n, type I18n } from '@lingui/core'
import type { Locale } from '../../app.config'
import { errorTexts } from '../errors/error-texts'
import { activateLocale, pathCodec } from '../i18n/i18n'
import { plainResponse } from './request-guard.server'

/** One i18n instance per language, loaded on first use (a refusal must stay cheap under load). */
const instances = new Map<Locale, Promise<I18n>>()

function i18nFor(locale: Locale): Promise<I18n> {
  let instance = instances.get(locale)
  if (!instance) {
    const i18n = setupI18n()
    instance = activateLocale(i18n, locale).then(
      () => i18n,
      (error: unknown) => {
        // A failed catalog load (EMFILE under load) is not kept: the next refusal tries again.
        instances.delete(locale)
        throw error
      },
    )
    instances.set(locale, instance)
  }
  return instance
}

/**
 * A page request refused before it renders (too large, too slow, not allowed, too busy): short
 * and plain like every refusal, but in the page's language, with the error page's own title and
 * explanation (a visitor without JavaScript reads it in place of the page).
 */
export async function pageRefusal(status: number, url: URL, headers: Record<string, string> = {}): Promise<Response> {
  const locale = pathCodec.localeOf(url.pathname)
  const i18n = await i18nFor(locale)
  const { title, description } = errorTexts(status)
  return plainResponse(status, `${i18n._(title)}\n\n${i18n._(description)}`, { 'Content-Language': locale, ...headers })
}

/** A refusal of the request layer (`limitBody`'s 408 or 413), said again in the page's language. */
export function inPageLanguage(refusal: Response, url: URL): Promise<Response> {
  const connection = refusal.headers.get('connection')
  return pageRefusal(refusal.status, url, connection ? { Connection: connection } : {})
}
