import { getRouteApi } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { consentStore, type ConsentState } from '../client-runtime/consent'

const rootRoute = getRouteApi('__root__')

/** The visitor's consent as this browser knows it (the server's render: not known, banner shown). */
export function useConsent(): ConsentState {
  return useSyncExternalStore(consentStore.subscribe, consentStore.getSnapshot, consentStore.getServerSnapshot)
}

/**
 * Whether analytics is configured (GTM_ID): only then is there a choice to make. The same for
 * every visitor, so it may decide what the shared, cached page contains.
 */
export function useAnalyticsConfigured(): boolean {
  return rootRoute.useLoaderData({ select: (data) => 'gtm' in data && data.gtm !== undefined })
}
