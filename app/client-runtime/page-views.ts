import { pushEvent, type AnalyticsEvents } from './data-layer'

export type PageView = AnalyticsEvents['page_view']

/**
 * Holds page_view events back while analytics is not allowed, and sends the current page's view
 * once when it becomes allowed. So the data layer has exactly one page_view per page seen with
 * consent: accepting on a page reports that page once (never twice, also after refusing and
 * accepting again on it), refusing stops the next ones, and pages seen before consent are not
 * reported later. GTM replays the whole data layer when it loads: a view pushed before consent
 * would be processed under the "denied" state and be lost, so it is never pushed early.
 */
export class PageViewGate {
  #current: { view: PageView; sent: boolean } | undefined
  #allowed = false

  constructor(private readonly send: (view: PageView) => void) {}

  /** A page was shown (the first load or a navigation). */
  view(view: PageView): void {
    this.#current = { view, sent: false }
    this.#flush()
  }

  /** Whether page views may go to the data layer from now on. */
  allow(allowed: boolean): void {
    this.#allowed = allowed
    this.#flush()
  }

  #flush(): void {
    if (!this.#allowed || !this.#current || this.#current.sent) return
    this.#current.sent = true
    this.send(this.#current.view)
  }
}

/** Query parameters analytics may see: campaign tags, nothing else. */
const analyticsParameter = /^utm_[a-z_]+$/i

/**
 * A page's address as analytics gets it: only campaign tags (`utm_*`) kept from the query, no
 * fragment. Any other parameter may carry what is not analytics' to know (a reference, a search,
 * something a link elsewhere added), so the allow-list is short and explicit.
 */
export function analyticsLocation(href: string): string {
  const url = new URL(href)
  const kept = [...url.searchParams].filter(([name]) => analyticsParameter.test(name))
  url.search = kept.length ? new URLSearchParams(kept).toString() : ''
  url.hash = ''
  return url.href
}

/** The page's one gate (ClientRuntime reports views, the consent choice opens and closes it). */
export const pageViews = new PageViewGate((view) =>
  pushEvent('page_view', { ...view, page_location: analyticsLocation(view.page_location) }),
)
