/// <reference types="vite/client" />
import { useLingui } from '@lingui/react'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, type AnyRouteMatch } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { perLocale } from '../../app.config'
import { activateLocale, localeOfInternalPath, pathCodec } from '../i18n/i18n'
import { fetchPublicConfig } from '../client-runtime/public-config.functions'
import { consentMarkerScript } from '../client-runtime/consent'
import { ClientRuntime } from '../components/ClientRuntime'
import { ConsentBanner } from '../components/ConsentBanner'
import { notFoundMessage } from '../components/NotFoundPage'
import { statusMessageOf } from '../errors/http-error'
import * as v from 'valibot'
import { buildHead, jsonForScript, pageSeoOf, siteSeoOf } from '../seo/head'
import type { RouterContext } from '../router'
import blocksStylesUrl from '../blocks/blocks.css?url'
import stylesUrl from '../styles.css?url'

const pageSearchSchema = v.object({ page: v.number() })

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
  head: ({ matches, loaderData }) => {
    const leaf = matches.at(-1)
    const internalPath = leaf?.pathname ?? '/nl'
    const locale = localeOfInternalPath(internalPath)
    const rest = internalPath.slice(locale.length + 1)
    const pageParam = v.safeParse(pageSearchSchema, leaf?.search)
    const query = pageParam.success && pageParam.output.page > 1 ? `?page=${pageParam.output.page}` : ''
    const head = buildHead({
      siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
      localeOrigins: loaderData?.localeOrigins,
      locale,
      path: pathCodec.toPublic(internalPath) + query,
      sameRouteTranslations: perLocale((code) => pathCodec.toPublic(`/${code}${rest}`)),
      errorTitle: errorTitle(matches),
      page: pageSeoOf(matches),
      site: siteSeoOf(matches),
    })
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'theme-color', content: '#0b2545' },
        ...head.meta,
      ],
      links: [
        { rel: 'stylesheet', href: stylesUrl },
        { rel: 'stylesheet', href: blocksStylesUrl },
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        ...head.links,
      ],
      scripts: [
        { children: consentMarkerScript },
        ...head.jsonLd.map((data) => ({ type: 'application/ld+json', children: jsonForScript(data) })),
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
      <ConsentBanner gtm={config.gtm} />
      <ClientRuntime sentry={config.sentry} buildId={config.buildId} gtm={config.gtm} />
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
