import { defaultLocale, languages, type Locale } from '../../app.config'
import { isLocale } from './paths'

interface Preference {
  tag: string
  q: number
  order: number
}

/** Parses an Accept-Language header into tags, best first (RFC 9110 quality values). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return []
  const preferences: Preference[] = []
  header.split(',').forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(';')
    const tag = rawTag?.trim().toLowerCase()
    if (!tag || tag === '*') return
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const q = qParam ? Number(qParam.slice(2)) : 1
    if (!Number.isFinite(q) || q <= 0 || q > 1) return
    preferences.push({ tag, q, order })
  })
  return preferences.sort((a, b) => b.q - a.q || a.order - b.order).map((p) => p.tag)
}

/**
 * The spec's detection: match the full iso code first (de-DE ↔ de_DE), then
 * the language part (de-AT → de), over the browser's languages in order.
 */
export function detectLocale(browserLanguages: ReadonlyArray<string>): Locale | undefined {
  const normalized = browserLanguages.map((tag) => tag.toLowerCase().replace('_', '-'))
  for (const tag of normalized) {
    const exact = languages.find((language) => language.iso.toLowerCase().replace('_', '-') === tag)
    if (exact) return exact.code
  }
  for (const tag of normalized) {
    const base = tag.split('-')[0]
    if (isLocale(base)) return base
  }
  return undefined
}

/**
 * Where a visitor asking for `/` belongs: an explicit choice (cookie) wins,
 * then the browser's languages; crawlers without Accept-Language get nl.
 */
export function preferredLocale(cookieValue: string | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookieValue)) return cookieValue
  return detectLocale(parseAcceptLanguage(acceptLanguage)) ?? defaultLocale
}
