/**
 * The site's configuration that is the same everywhere: the languages and the spec's
 * constants. Plain data, safe in the browser. The server's settings from the environment
 * are in app/server/platform/env.server.ts (never in a browser chunk).
 */

// `pluralForms` is the gettext Plural-Forms header of the language's catalogs (the site's own
// plurals are ICU inside the messages; the header is what PO tools expect to find).
const twoForms = 'nplurals=2; plural=(n != 1);'
export const languages = [
  { code: 'nl', iso: 'nl_NL', name: 'Nederlands', pluralForms: twoForms },
  { code: 'en', iso: 'en_US', name: 'English', pluralForms: twoForms },
  { code: 'de', iso: 'de_DE', name: 'Deutsch', pluralForms: twoForms },
  { code: 'fr', iso: 'fr_FR', name: 'Français', pluralForms: 'nplurals=2; plural=(n > 1);' },
  { code: 'da', iso: 'da_DK', name: 'Dansk', pluralForms: twoForms },
] as const

export type Language = (typeof languages)[number]
export type Locale = Language['code']

/** nl is served without a path prefix. */
export const defaultLocale = 'nl' satisfies Locale

export const localeCodes: ReadonlyArray<Locale> = languages.map((l) => l.code)

/**
 * One value per language: the only place the language codes are written as record keys, so a
 * record built this way is complete by construction (a sixth language fails here, loudly).
 */
export function perLocale<T>(make: (locale: Locale) => T): Record<Locale, T> {
  return { nl: make('nl'), en: make('en'), de: make('de'), fr: make('fr'), da: make('da') }
}

/** perLocale for asynchronous values, made in parallel. */
export async function perLocaleAsync<T>(make: (locale: Locale) => Promise<T>): Promise<Record<Locale, T>> {
  const pending = perLocale(make)
  const [nl, en, de, fr, da] = await Promise.all([pending.nl, pending.en, pending.de, pending.fr, pending.da])
  return { nl, en, de, fr, da }
}

/** A language by its code. */
export function languageOf(locale: Locale): Language {
  return languages.find((language) => language.code === locale) ?? languages[0]
}

/** The CMS contract's locale (`nl_NL`) of a language. */
export function isoOf(locale: Locale): Language['iso'] {
  return languageOf(locale).iso
}

/** The language of a CMS locale (`nl_NL` → `nl`); undefined for one the site does not serve. */
export function localeOfIso(iso: string): Locale | undefined {
  return languages.find((language) => language.iso === iso)?.code
}

/**
 * The countries the group has locations in, each with the time zone its locations keep their
 * opening hours in when the content names none (each of the seven has a single zone).
 */
export const countryTimeZones = {
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  LU: 'Europe/Luxembourg',
  GB: 'Europe/London',
  DK: 'Europe/Copenhagen',
} as const

/**
 * Constants from the spec (section 9). Durations in milliseconds unless named otherwise.
 * The spec's websocket retry limit (5) is not here: the site makes no GraphQL subscriptions.
 */
export const constants = {
  /** Language cookie: records an explicit choice, 365 days. */
  languageCookie: { name: 'lang', maxAgeSeconds: 365 * 24 * 60 * 60 },
  /**
   * Login/auth cookie, only read here (sent on as a Bearer token). The spec's attributes
   * (604800 s, Secure, SameSite=Lax) are its issuer's: the site never sets it.
   */
  authCookie: { name: 'auth_token' },
  /** Draft preview for editors (app/server/cms-client/preview.server.ts): set by /api/preview, httpOnly. */
  previewCookie: { name: 'preview' },
  /**
   * Public files that keep their name when replaced (CMS media, icons, the manifest): a day
   * fresh, then revalidated. Used by the build's route rules (vite.config.ts) and the content
   * media handler alike.
   */
  renamableFileCacheControl: 'public, max-age=86400, stale-while-revalidate=604800',
  buildCheck: { intervalMs: 60 * 60 * 1000, firstDelayMs: 1000, skipOnEffectiveType: ['slow-2g'] },
  /** Route preloads (link intent) running at once: client-runtime/after-ssr.ts. */
  maxParallelPreloads: 4,
  reloadGuardMs: 10_000,
  /** No network fetches this long after hydration: client-runtime/after-ssr.ts. */
  enableFetchAfterSsrMs: 100,
  /** A client navigation pending this long shows the progress bar (components/PendingBar.tsx); faster ones never do. */
  pendingBarDelayMs: 150,
  sentry: {
    tracesSampleRate: 0.2,
    replaysSessionSampleRate: 1,
    replaysOnErrorSampleRate: 1,
    captureConsoleLevels: ['warn', 'error'],
  },
} as const
