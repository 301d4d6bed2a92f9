import { setupI18n } from '@lingui/core'
import { perLocale } from '../../../app.config'
import { errorTexts } from '../../errors/error-texts'
import { activateLocale, pathCodec } from '../../i18n/i18n'
import { plainResponse } from '../http/request-guard.server'
import { retryingLoad } from '../platform/retrying-load'

/**
 * One i18n instance per language, loaded on first use (a refusal must stay cheap under load); a
 * failed catalog load (EMFILE under load) is not kept: the next refusal tries again.
 */
const instances = perLocale((locale) =>
  retryingLoad(async () => {
    const i18n = setupI18n()
    await activateLocale(i18n, locale)
    return i18n
  }),
)

/**
 * A page request refused before it renders (too large, too slow, not allowed, too busy): short
 * and plain like every refusal, but in the page's language, with the error page's own title and
 * explanation (a visitor without JavaScript reads it in place of the page).
 */
export async function pageRefusal(status: number, url: URL, headers: Record<string, string> = {}): Promise<Response> {
  const locale = pathCodec.localeOf(url.pathname)
  const i18n = await instances[locale].get()
  const { title, description } = errorTexts(status)
  return plainResponse(status, `${i18n._(title)}\n\n${i18n._(description)}`, { 'Content-Language': locale, ...headers })
}

/** A refusal of the request layer (`limitBody`'s 408 or 413), said again in the page's language. */
export function inPageLanguage(refusal: Response, url: URL): Promise<Response> {
  const connection = refusal.headers.get('connection')
  return pageRefusal(refusal.status, url, connection ? { Connection: connection } : {})
}
