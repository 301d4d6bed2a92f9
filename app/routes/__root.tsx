/// <reference types="vite/client" />
import { useLingui } from '@lingui/react'
import { createRootRouteWithContext, HeadContent, Outlet, redirect, Scripts, type AnyRouteMatch } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { activateLocale, localeOfInternalPath, pathCodec, preloadLocale } from '../i18n/i18n'
import { enableFetchesAfterSsr } from '../client-runtime/after-ssr'
import { flaggedRedirect } from '../client-runtime/build-manifest'
import { publicConfigQuery } from '../client-runtime/public-config'
import { consentMarkerScript } from '../client-runtime/consent'
import { ClientRuntime } from '../components/ClientRuntime'
import { ConsentBanner } from '../components/ConsentBanner'
import { notFoundMessage } from '../components/NotFoundPage'
import { OgLocaleAlternates } from '../components/OgLocaleAlternates'
import { PendingBar } from '../components/PendingBar'
import { statusMessageOf } from '../errors/http-error'
import { errorMeta } from '../seo/meta'
import type { RouterContext } from '../router'
// Imported for their effect: the build inlines them into every page (vite.config.ts, inlineCss).
import '../styles.css'
import '../blocks/blocks.css'

/** The spec's document title for error states: the status message. */
function errorTitle(matches: ReadonlyArray<AnyRouteMatch>): string | undefined {
  for (const match of matches) {
    if (match.status === 'notFound') {
      return notFoundMessage(pathCodec.toPublic(match.pathname))
    }
    if (match.status === 'error') return statusMessageOf(match.error)
  }
  return undefined
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location, preload }) => {
    // An old site's URL flagged in the build manifest: straight to its target with a full
    // navigation (as the server would redirect), instead of loading a page that does not
    // exist. It replaces the old URL's history entry, so Back does not land on it again.
    const flagged = flaggedRedirect(location.publicHref)
    if (flagged !== null) throw redirect({ href: flagged, reloadDocument: true, replace: true })
    // Every internal path starts with its locale; activate it before any render. A preload (a
    // hovered or focused link, e.g. in the language switcher) only loads it: activating it would
    // turn the page on screen into that language.
    const locale = localeOfInternalPath(location.pathname)
    await (preload ? preloadLocale(context.i18n, locale) : activateLocale(context.i18n, locale))
  },
  // Document-wide tags only: each page route's head adds its own (app/seo/page-head.ts).
  head: ({ matches }) => {
    const error = errorTitle(matches)
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'theme-color', content: '#0b2545' },
        // A failed page adds no head of its own: the status message is the title.
        ...(error ? errorMeta(error) : []),
      ],
      links: [
        // The SVG for browsers that take it; the ICO (its sizes named, so they prefer the SVG) and
        // the touch icon for the rest; the manifest names the site and its icons for home screens.
        { rel: 'icon', href: '/favicon.ico', sizes: '16x16 32x32 48x48' },
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
        { rel: 'manifest', href: '/manifest.webmanifest' },
      ],
      scripts: [{ children: consentMarkerScript }],
    }
  },
  // Runtime settings for the browser; they do not change while the page lives. The parameter's
  // type is written out: the root's loader data type must not depend on the route tree's.
  loader: ({ context }: { context: RouterContext }) => context.queryClient.ensureQueryData(publicConfigQuery),
  staleTime: Infinity,
  shellComponent: RootDocument,
  component: RootComponent,
})

function RootComponent() {
  const config = Route.useLoaderData()
  return (
    <>
      <PendingBar />
      <Outlet />
      <ConsentBanner enabled={config.gtm !== undefined} />
      <ClientRuntime sentry={config.sentry} buildId={config.buildId} gtm={config.gtm} />
    </>
  )
}

function RootDocument({ children }: { children: ReactNode }) {
  const { i18n } = useLingui()
  useEffect(() => {
    // A stable signal for tests and tooling that the client has taken over.
    document.documentElement.dataset.hydrated = 'true'
    return enableFetchesAfterSsr()
  }, [])
  return (
    <html lang={i18n.locale}>
      <head>
        <HeadContent />
        <OgLocaleAlternates />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}
