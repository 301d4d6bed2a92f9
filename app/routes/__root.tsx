/// <reference types="vite/client" />
import { useLingui } from '@lingui/react'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, type AnyRouteMatch } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { activateLocale, localeOfInternalPath, pathCodec } from '../i18n/i18n'
import { fetchPublicConfig } from '../client-runtime/public-config.functions'
import { ClientRuntime } from '../components/ClientRuntime'
import { ConsentBanner } from '../components/ConsentBanner'
import { notFoundMessage } from '../components/NotFoundPage'
import { statusMessageOf } from '../server/http-error'
import { documentTitle, pageSeoOf, siteSeoOf } from '../seo/head'
import type { RouterContext } from '../router'
import blocksStylesUrl from '../blocks/blocks.css?url'
import stylesUrl from '../styles.css?url'

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
  beforeLoad: async ({ context, location }) => {
    // Every internal path starts with its locale; activate it before any render.
    await activateLocale(context.i18n, localeOfInternalPath(location.pathname))
  },
  head: ({ matches }) => {
    const page = pageSeoOf(matches)
    const site = siteSeoOf(matches)
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'theme-color', content: '#0b2545' },
        { title: documentTitle({ errorTitle: errorTitle(matches), page, site }) },
        ...(page?.description ? [{ name: 'description', content: page.description }] : []),
        ...(site?.ogImage ? [{ property: 'og:image', content: site.ogImage.url }] : []),
      ],
      links: [
        { rel: 'stylesheet', href: stylesUrl },
        { rel: 'stylesheet', href: blocksStylesUrl },
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      ],
    }
  },
  // Runtime settings for the browser; they do not change while the page lives.
  loader: () => fetchPublicConfig(),
  staleTime: Infinity,
  shellComponent: RootDocument,
  component: RootComponent,
})

function RootComponent() {
  const config = Route.useLoaderData()
  return (
    <>
      <Outlet />
      <ConsentBanner initial={config.consent} gtm={config.gtm} />
      <ClientRuntime sentry={config.sentry} buildId={config.buildId} consent={config.consent} gtm={config.gtm} />
    </>
  )
}

function RootDocument({ children }: { children: ReactNode }) {
  const { i18n } = useLingui()
  useEffect(() => {
    // A stable signal for tests and tooling that the client has taken over.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang={i18n.locale}>
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}
