/**
 * The analytics data layer. Every event the site sends is declared here, so
 * a typo in an event or a missing field is a type error.
 */
export interface AnalyticsEvents {
  page_view: {
    page_location: string
    page_path: string
    page_title: string
    language: string
  }
}

type ConsentState = 'granted' | 'denied'

export interface ConsentSettings {
  ad_storage: ConsentState
  ad_user_data: ConsentState
  ad_personalization: ConsentState
  analytics_storage: ConsentState
}

type DataLayerEntry =
  ({ event: keyof AnalyticsEvents } & AnalyticsEvents[keyof AnalyticsEvents]) | { event: 'gtm.js'; 'gtm.start': number } | IArguments

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[]
  }
}

function dataLayer(): DataLayerEntry[] {
  window.dataLayer ??= []
  return window.dataLayer
}

export function pushEvent<TEvent extends keyof AnalyticsEvents>(event: TEvent, payload: AnalyticsEvents[TEvent]): void {
  dataLayer().push({ event, ...payload })
}

/**
 * gtag()-style consent commands. GTM reads them from the data layer as
 * `arguments` objects, which is why this is a function using `arguments`.
 */
export function gtagConsent(_command: 'consent', _action: 'default' | 'update', _settings: ConsentSettings): void {
  // eslint-disable-next-line prefer-rest-params
  dataLayer().push(arguments)
}

export function pushGtmStart(): void {
  dataLayer().push({ event: 'gtm.js', 'gtm.start': Date.now() })
}
