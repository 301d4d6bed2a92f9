import { parseCookie } from 'cookie-es'
import { gtagConsent, pushGtmStart, type ConsentSettings } from './data-layer'
import { pageViews } from './page-views'

export type ConsentChoice = 'granted' | 'denied'

/** The tag manager container (public config); undefined when no analytics is configured. */
export type GtmSettings = { id: string; scriptUrl: string } | undefined

export const consentCookie = { name: 'consent', maxAgeSeconds: 365 * 24 * 60 * 60 }

function settings(state: ConsentChoice): ConsentSettings {
  return { ad_storage: state, ad_user_data: state, ad_personalization: state, analytics_storage: state }
}

export function parseConsent(value: string | undefined): ConsentChoice | undefined {
  return value === 'granted' || value === 'denied' ? value : undefined
}

/** The stored choice, read in the browser: pages are the same for every visitor, the choice is applied here. */
export function readConsent(): ConsentChoice | undefined {
  return parseConsent(parseCookie(document.cookie)[consentCookie.name])
}

/**
 * Runs in the head before the body is parsed: marks a visitor who already chose, so the
 * stylesheet hides the banner from the first paint (no flash) until React takes over. Reads
 * the first `consent` cookie, as readConsent does.
 */
export const consentMarkerScript = `/^(?:granted|denied)$/.test((/(?:^|;\\s*)${consentCookie.name}=([^;]*)/.exec(document.cookie)||[])[1])&&document.documentElement.setAttribute('data-consent','')`

export function storeConsent(choice: ConsentChoice): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${consentCookie.name}=${choice}; Max-Age=${consentCookie.maxAgeSeconds}; Path=/; SameSite=Lax${secure}`
}

/** Consent mode: everything denied until the visitor chooses. */
export function setConsentDefaults(): void {
  gtagConsent('consent', 'default', settings('denied'))
}

/** Cookies Google's tags write (Analytics, Ads conversion linker, GTM's own throttle). */
const analyticsCookieName = /^_(?:ga|gid|gat|gcl|dc_gtm)(?:_|$)/

/**
 * `document.cookie` assignments that expire every analytics cookie present. Google Analytics
 * writes its cookies on the highest domain it may (example.com for www.example.com), so each is
 * expired host-only and on every parent domain of the host; the browser ignores the domains
 * that do not apply (a public suffix, another site's). An IP address or a one-label host
 * (localhost) only has host-only cookies.
 */
export function analyticsCookieDeletions(cookieHeader: string, hostname: string): string[] {
  const names = Object.keys(parseCookie(cookieHeader)).filter((name) => analyticsCookieName.test(name))
  const labels = hostname.split('.')
  const isAddress = hostname.includes(':') || /^[\d.]+$/.test(hostname)
  const domains = isAddress || labels.length < 2 ? [] : labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'))
  return names.flatMap((name) => {
    const expired = `${name}=; Max-Age=0; Path=/`
    return [expired, ...domains.map((domain) => `${expired}; Domain=${domain}`)]
  })
}

let gtm: GtmSettings
let gtmLoaded = false

/**
 * Applies a choice, without a reload. Granted: consent mode says so, Google Tag Manager is
 * requested (once, only when a container is configured: no third-party request before a yes)
 * and the current page's view is sent. Denied: consent mode says so (a loaded GTM cannot be
 * unloaded, its tags obey the update), no further page views are sent and the analytics
 * cookies are deleted.
 */
function applyConsent(choice: ConsentChoice): void {
  gtagConsent('consent', 'update', settings(choice))
  if (choice === 'granted' && gtm && !gtmLoaded) {
    gtmLoaded = true
    pushGtmStart()
    const script = document.createElement('script')
    script.async = true
    script.src = `${gtm.scriptUrl}?id=${encodeURIComponent(gtm.id)}`
    document.head.append(script)
  }
  // After the update and gtm.js: GTM processes the view with consent granted.
  pageViews.allow(choice === 'granted' || !gtm)
  if (choice === 'denied') {
    for (const deletion of analyticsCookieDeletions(document.cookie, window.location.hostname)) document.cookie = deletion
  }
}

/** What the browser knows of the visitor's choice; the banner and the cookie settings render from it. */
export interface ConsentState {
  /** Read in this browser: false on the server and while the page hydrates (a page is the same for every visitor). */
  known: boolean
  choice: ConsentChoice | undefined
  /** The banner was opened again after a choice (footer or cookie policy). */
  reopened: boolean
}

const serverState: ConsentState = { known: false, choice: undefined, reopened: false }
let state: ConsentState | undefined
const listeners = new Set<() => void>()

function setState(next: ConsentState): void {
  state = next
  for (const listener of listeners) listener()
}

/** A store for useSyncExternalStore: the server's snapshot (banner shown) is what hydration sees. */
export const consentStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  getSnapshot(): ConsentState {
    state ??= { known: true, choice: readConsent(), reopened: false }
    return state
  },
  getServerSnapshot(): ConsentState {
    return serverState
  },
}

/** Whether the banner shows: always in the server's render (CSS hides it for those who chose), then until a choice. */
export function bannerShown(consent: ConsentState): boolean {
  return !consent.known || consent.choice === undefined || consent.reopened
}

let initialized = false

/**
 * Once per page load, before the first page view: consent mode's defaults, then the stored
 * choice. Without a container page views are not held back: the data layer is then only an
 * array in the page that nothing reads or sends.
 */
export function initConsent(container: GtmSettings): void {
  if (initialized) return
  initialized = true
  gtm = container
  setConsentDefaults()
  const choice = consentStore.getSnapshot().choice
  if (choice) applyConsent(choice)
  else pageViews.allow(!gtm)
}

/** The visitor chose (banner or cookie settings): stored, applied at once, the banner closes. */
export function chooseConsent(choice: ConsentChoice): void {
  const previous = consentStore.getSnapshot().choice
  storeConsent(choice)
  if (choice !== previous) applyConsent(choice)
  setState({ known: true, choice, reopened: false })
}

/** Shows the banner again so the visitor can change the choice. */
export function reopenConsent(): void {
  setState({ ...consentStore.getSnapshot(), reopened: true })
}

/** Closes a reopened banner, keeping the choice. */
export function closeConsent(): void {
  setState({ ...consentStore.getSnapshot(), reopened: false })
}
