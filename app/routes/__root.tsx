/// <reference types="vite/client" />
import { useLingui } from '@lingui/react'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, type AnyRouteMatch } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { activateLocale, localeOfInternalPath, pathCodec } from '../i18n/i18n'
import { notFoundMessage } from '../components/NotFoundPage'
import { statusMessageOf } from '../server/http-error'
import { siteName } from '../components/SiteHeader'
import type { RouterContext } from '../router'
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
  head: ({ matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#0b2545' },
      { title: errorTitle(matches) ?? siteName },
    ],
    links: [
      { rel: 'stylesheet', href: stylesUrl },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }),
  shellComponent: RootDocument,
  component: Outlet,
})

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
