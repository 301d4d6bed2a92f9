import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { startBuildCheck } from '../client-runtime/build-check'
import { initConsent, type GtmSettings } from '../client-runtime/consent'
import { pageViews } from '../client-runtime/page-views'
import { noteClientNavigation } from '../client-runtime/reload'
import type { SentrySettings } from '../client-runtime/sentry-browser'
import { useCurrentLocale } from '../i18n/use-locale'

interface Props {
  sentry: SentrySettings | undefined
  buildId: string
  gtm: GtmSettings
}

/** Browser-only behaviour: consent defaults, page views, build checks, client navigations. Renders nothing. */
export function ClientRuntime({ sentry, buildId, gtm }: Props) {
  const router = useRouter()
  const locale = useCurrentLocale()
  const publicHref = useRouterState({ select: (s) => s.location.publicHref })
  const idle = useRouterState({ select: (s) => s.status === 'idle' })

  useEffect(() => {
    // Sentry (and its replay code) is its own chunk, fetched only when a DSN is configured.
    if (sentry) void import('../client-runtime/sentry-browser').then(({ initSentry }) => initSentry(router, sentry))
    // Only client navigations animate: their styles are not in the page's inlined stylesheet.
    void import('../view-transitions.css')
    // Before the first page view (the effect below): it is held back until consent when GTM is configured.
    initConsent(gtm)
    const unsubscribe = router.subscribe('onBeforeNavigate', noteClientNavigation)
    const stopBuildCheck = startBuildCheck(router, buildId)
    return () => {
      unsubscribe()
      stopBuildCheck()
    }
    // Once per page load: these values come from the server-rendered document.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // One page_view per navigation, the first load included, once the new page (and its title) is
  // in place; sent now or when consent is given on this page (client-runtime/page-views.ts).
  useEffect(() => {
    if (!idle) return
    const frame = requestAnimationFrame(() => {
      const url = new URL(publicHref, window.location.origin)
      pageViews.view({
        page_location: url.href,
        page_path: url.pathname,
        page_title: document.title,
        language: locale,
      })
    })
    return () => cancelAnimationFrame(frame)
  }, [publicHref, idle, locale])

  return null
}
