import * as Sentry from '@sentry/react'
import type { AnyRouter } from '@tanstack/react-router'
import { constants } from '../../app.config'

export interface SentrySettings {
  dsn: string
  release: string
  /** Origins whose requests carry trace headers: the site and the CMS. */
  tracePropagationTargets: string[]
}

/**
 * Error reporting per the spec: traces 0.2, session replay for every session
 * and every error session with masking off, console warn/error captured.
 * Loaded as its own chunk, and only when a DSN is configured.
 */
export function initSentry(router: AnyRouter, settings: SentrySettings): void {
  const { sentry } = constants
  Sentry.init({
    dsn: settings.dsn,
    release: settings.release,
    tracesSampleRate: sentry.tracesSampleRate,
    replaysSessionSampleRate: sentry.replaysSessionSampleRate,
    replaysOnErrorSampleRate: sentry.replaysOnErrorSampleRate,
    tracePropagationTargets: settings.tracePropagationTargets,
    integrations: [
      Sentry.tanstackRouterBrowserTracingIntegration(router),
      Sentry.replayIntegration({ maskAllText: false, blockAllMedia: false }),
      Sentry.captureConsoleIntegration({ levels: [...sentry.captureConsoleLevels] }),
    ],
  })
}
