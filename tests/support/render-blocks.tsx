import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { configure, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { SafeHtml } from '../../app/cms/safe-html'
import { sanitizeHtml } from '../../app/server/cms-client/sanitize'
import { localeRewrite } from '../../app/i18n/i18n'

// findBy… and waitFor end as soon as the UI shows what they wait for: their deadline (1 s by
// default) only has to lie beyond what a loaded machine takes.
configure({ asyncUtilTimeout: 10_000 })

/**
 * Renders UI inside a memory router (a lone root route, with the site's locale
 * rewrite) and a Lingui provider (nl, empty catalog: source texts), as blocks
 * expect. Independent of the generated route tree. Returns the router too.
 */
export async function renderInRouter(
  ui: ReactNode,
  locale = 'nl',
  queryData: ReadonlyArray<[ReadonlyArray<string>, unknown]> = [],
  /** The URL the router starts at (its search parameters reach the blocks). */
  path = '/',
  /** More of the root loader's public config (e.g. `gtm`). */
  rootData: Record<string, unknown> = {},
) {
  const i18n = setupI18n({ locale, messages: { [locale]: {} } })
  const queryClient = new QueryClient()
  for (const [key, data] of queryData) queryClient.setQueryData(key, data)
  const rootRoute = createRootRoute({
    // What the real root loader provides to blocks (see public-config.functions.ts).
    loader: () => ({ tiles: { url: 'https://tiles.invalid/{z}/{x}/{y}.png', attribution: 'Test tiles' }, ...rootData }),
    component: () => <>{ui}</>,
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
    rewrite: localeRewrite,
  })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  await router.load()
  return { ...result, router }
}

/** Fixture HTML as the CMS client would deliver it: sanitized. */
export function html(raw: string): SafeHtml {
  return sanitizeHtml(raw)
}
