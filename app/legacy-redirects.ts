/**
 * Paths of the previous site that are linked from elsewhere. Each answers one
 * permanent redirect to its new page. Targets are internal router paths
 * (`/$locale/…`, fixed pages by key), so localized segments stay in one place;
 * careers goes to the external careers site.
 */
import type { Locale } from '../app.config'

const careers = (locale: string) => `https://careers.example.com/${locale}`

// The old Dutch about pages live on at the same paths (only the old trailing
// slash is redirected, by the canonical-path rule).
const legacy: Record<string, string> = {
  '/privacyverklaring': '/nl/~privacy',
  '/financieel': '/nl/over-ons',
  '/cookies': '/nl/~cookie-policy',
  '/contact/vestigingen': '/nl/vestigingen',
  '/contact/pers': '/nl/contact',
  '/contact/pers/huisstijl': '/nl/contact',

  '/en_GB': '/en',
  '/en_GB/about-us': '/en/about-us',
  '/en_GB/about-us/history': '/en/about-us/history',
  '/en_GB/about-us/mission-and-vision': '/en/about-us/mission-and-vision',
  '/en_GB/about-us/csr': '/en/about-us/corporate-responsibility',
  '/en_GB/careers': careers('en'),
  '/en_GB/contact': '/en/contact',
  '/en_GB/contact/press': '/en/contact',
  '/en_GB/contact/establishments': '/en/locations',
  '/en_GB/finance': '/en/about-us',
  '/en_GB/privacy': '/en/~privacy',
  '/en_GB/cookies': '/en/~cookie-policy',

  '/de_DE': '/de',
  '/de_DE/ueber-uns': '/de/uber-uns',
  '/de_DE/ueber-uns/geschichte': '/de/uber-uns/geschichte',
  '/de_DE/ueber-uns/mission-und-vision': '/de/uber-uns/mission-und-vision',
  '/de_DE/ueber-uns/verantwortung': '/de/uber-uns/verantwortung',
  '/de_DE/karriere': careers('de'),
  '/de_DE/kontakt': '/de/kontakt',
  '/de_DE/kontakt/presse': '/de/kontakt',
  '/de_DE/kontakt/standorte': '/de/standorte',
  '/de_DE/finanzen': '/de/uber-uns',
  '/de_DE/datenschutz': '/de/~privacy',
  '/de_DE/cookies': '/de/~cookie-policy',

  '/fr_BE': '/fr',
  '/fr_BE/a-propos': '/fr/a-propos',
  '/fr_BE/a-propos/histoire': '/fr/a-propos/histoire',
  '/fr_BE/a-propos/mission-et-vision': '/fr/a-propos/mission-et-vision',
  '/fr_BE/a-propos/rse': '/fr/a-propos/responsabilite',
  '/fr_BE/carrieres': careers('fr'),
  '/fr_BE/contact': '/fr/contact',
  '/fr_BE/contact/presse': '/fr/contact',
  '/fr_BE/contact/etablissements': '/fr/etablissements',
  '/fr_BE/finance': '/fr/a-propos',
  '/fr_BE/confidentialite': '/fr/~privacy',
  '/fr_BE/cookies': '/fr/~cookie-policy',

  '/da_DK': '/da',
  '/da_DK/om-os': '/da/om-os',
  '/da_DK/om-os/historie': '/da/om-os/historie',
  '/da_DK/om-os/mission-og-vision': '/da/om-os/mission-og-vision',
  '/da_DK/om-os/samfundsansvar': '/da/om-os/samfundsansvar',
  '/da_DK/karriere': careers('da'),
  '/da_DK/kontakt': '/da/kontakt',
  '/da_DK/kontakt/presse': '/da/kontakt',
  '/da_DK/kontakt/afdelinger': '/da/afdelinger',
  '/da_DK/finans': '/da/om-os',
  '/da_DK/privatliv': '/da/~privacy',
  '/da_DK/cookies': '/da/~cookie-policy',
}

/** The old site's language prefixes: any other path under one still has a page in that language. */
const legacyPrefixes: Readonly<Record<string, Locale>> = { en_GB: 'en', de_DE: 'de', fr_BE: 'fr', da_DK: 'da' }

/** Every legacy path (for tests and documentation). */
export const legacyPaths: ReadonlyArray<string> = Object.keys(legacy)

/** A legacy target as a public path or external URL. */
function publicTarget(target: string, toPublic: (internal: string) => string): string {
  return target.startsWith('https://') ? target : toPublic(target)
}

/**
 * The whole table with public targets, for the build manifest (app/route-manifest.ts):
 * `exact` paths and the old language `prefixes` (`/en_GB` and anything under it).
 */
export function legacyRedirectTable(toPublic: (internal: string) => string): {
  exact: Record<string, string>
  prefixes: Record<string, string>
} {
  const exact = Object.fromEntries(Object.entries(legacy).map(([path, target]) => [path, publicTarget(target, toPublic)]))
  const prefixes = Object.fromEntries(
    Object.entries(legacyPrefixes).map(([prefix, locale]) => [`/${prefix}`, publicTarget(`/${locale}`, toPublic)]),
  )
  return { exact, prefixes }
}

/**
 * The redirect target of a legacy path (with or without trailing slash), as a
 * public path or external URL; null when the path is not a legacy one. A path under an old
 * language prefix that the table does not list (`/en_GB/foo`) goes to that language's home.
 */
export function legacyRedirect(pathname: string, toPublic: (internal: string) => string): string | null {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const prefix = normalized.split('/')[1] ?? ''
  // An own property only: `/constructor` or `/__proto__` must not find Object's prototype.
  const prefixLocale = Object.hasOwn(legacyPrefixes, prefix) ? legacyPrefixes[prefix] : undefined
  const target = legacy[normalized] ?? (prefixLocale ? `/${prefixLocale}` : undefined)
  if (!target) return null
  return publicTarget(target, toPublic)
}
