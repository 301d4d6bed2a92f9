/**
 * Localized fixed URL segments. The nl text is the source; translators change
 * the others in app/locales/{locale}/routes.po. Parsing and link generation
 * both read the table built here (see paths.ts), so a segment is defined once.
 */
import { setupI18n, type Messages } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { perLocale, type Locale } from '../../app.config'
import { messages as nl } from '../locales/nl/routes.po'
import { messages as en } from '../locales/en/routes.po'
import { messages as de } from '../locales/de/routes.po'
import { messages as fr } from '../locales/fr/routes.po'
import { messages as da } from '../locales/da/routes.po'

export const segmentMessages = {
  news: msg({ id: 'segment.news', message: 'nieuws', comment: 'URL segment of the news list' }),
  cookiePolicy: msg({ id: 'segment.cookiePolicy', message: 'cookie-policy', comment: 'URL segment of the cookie policy' }),
  privacy: msg({ id: 'segment.privacy', message: 'privacy', comment: 'URL segment of the privacy statement' }),
  terms: msg({ id: 'segment.terms', message: 'algemene-voorwaarden', comment: 'URL segment of the terms and conditions' }),
}

export type SegmentKey = keyof typeof segmentMessages
export type SegmentTable = Record<Locale, Record<SegmentKey, string>>

const catalogs: Record<Locale, Messages> = { nl, en, de, fr, da }

export function buildSegmentTable(source: Record<Locale, Messages>): SegmentTable {
  const i18n = setupI18n({ messages: source })
  const rowFor = (locale: Locale): Record<SegmentKey, string> => {
    i18n.activate(locale)
    const t = (key: SegmentKey) => i18n._(segmentMessages[key]).trim()
    return { news: t('news'), cookiePolicy: t('cookiePolicy'), privacy: t('privacy'), terms: t('terms') }
  }
  return perLocale(rowFor)
}

export const segmentTable: SegmentTable = buildSegmentTable(catalogs)
