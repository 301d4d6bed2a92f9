import { parseCookie } from 'cookie-es'
import { gtagConsent, pushGtmStart, type ConsentSettings } from './data-layer'

export type ConsentChoice = 'granted' | 'denied'

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

let gtmLoaded = false

/**
 * Applies a choice. Google Tag Manager is only requested after consent is
 * granted and only when a container id is configured: no third-party request
 * happens before that.
 */
export function applyConsent(choice: ConsentChoice, gtm: { id: string; scriptUrl: string } | undefined): void {
  gtagConsent('consent', 'update', settings(choice))
  if (choice !== 'granted' || !gtm || gtmLoaded) return
  gtmLoaded = true
  pushGtmStart()
  const script = document.createElement('script')
  script.async = true
  script.src = `${gtm.scriptUrl}?id=${encodeURIComponent(gtm.id)}`
  document.head.append(script)
}
