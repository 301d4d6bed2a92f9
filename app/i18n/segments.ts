/**
 * Localized fixed URL segments. The nl text is the source; translators change
 * the others in app/locales/{locale}/routes.po. Parsing and link generation
 * both read the table built here (see paths.ts), so a segment is defined once.
 * A segment's earlier values answer a 301 to today's (docs/translating.md).
 */
import { setupI18n, type MessageDescriptor, type Messages } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { perLocale, type Locale } from '../../app.config'
import { messages as nl } from '../locales/nl/routes.po'
import { messages as en } from '../locales/en/routes.po'
import { messages as de } from '../locales/de/routes.po'
import { messages as fr } from '../locales/fr/routes.po'
import { messages as da } from '../locales/da/routes.po'
import { segmentKeys, type SegmentKey } from './segment-keys'
// Written by `npm run extract`: every value each segment has had, today's last.
import segmentHistory from './segment-history.json'

export const segmentMessages = {
  news: msg({ id: 'segment.news', message: 'nieuws', comment: 'URL segment of the news list' }),
  cookiePolicy: msg({ id: 'segment.cookiePolicy', message: 'cookie-policy', comment: 'URL segment of the cookie policy' }),
  privacy: msg({ id: 'segment.privacy', message: 'privacy', comment: 'URL segment of the privacy statement' }),
  terms: msg({ id: 'segment.terms', message: 'algemene-voorwaarden', comment: 'URL segment of the terms and conditions' }),
  locations: msg({
    id: 'segment.locations',
    message: 'vestigingen',
    comment: 'URL segment of the locations list (a CMS page at this address) and of each location page under it',
  }),
} satisfies Record<SegmentKey, MessageDescriptor>

export type SegmentTable = Record<Locale, Record<SegmentKey, string>>

const catalogs: Record<Locale, Messages> = { nl, en, de, fr, da }

export function buildSegmentTable(source: Record<Locale, Messages>): SegmentTable {
  const i18n = setupI18n({ messages: source })
  const rowFor = (locale: Locale): Record<SegmentKey, string> => {
    i18n.activate(locale)
    const t = (key: SegmentKey) => i18n._(segmentMessages[key]).trim()
    return { news: t('news'), cookiePolicy: t('cookiePolicy'), privacy: t('privacy'), terms: t('terms'), locations: t('locations') }
  }
  return perLocale(rowFor)
}

export const segmentTable: SegmentTable = buildSegmentTable(catalogs)

/** Per locale, a segment's earlier value → its page, for the 301 to today's URL. */
export type RenamedSegments = Record<Locale, ReadonlyMap<string, SegmentKey>>

/** Per locale and message id, the values a segment has had (segment-history.json). */
export type SegmentHistory = Readonly<Record<string, Readonly<Record<string, ReadonlyArray<string>>> | undefined>>

export function buildRenamedSegments(table: SegmentTable, history: SegmentHistory): RenamedSegments {
  return perLocale((locale) => {
    // A value some page uses today is that page's, whatever it once was.
    const today = new Set(Object.values(table[locale]))
    const renamed = new Map<string, SegmentKey>()
    for (const key of segmentKeys) {
      for (const old of history[locale]?.[segmentMessages[key].id] ?? []) if (!today.has(old)) renamed.set(old, key)
    }
    return renamed
  })
}

export const renamedSegments: RenamedSegments = buildRenamedSegments(segmentTable, segmentHistory)
