import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { SafeHtml } from '../server/safe-html'
import { sanitizeHtml } from '../server/sanitize'
import { localeRewrite } from '../i18n/i18n'

/** Renders UI inside a memory router and an nl Lingui provider, as blocks expect. */
export async function renderInRouter(ui: ReactNode, locale = 'nl') {
  const i18n = setupI18n({ locale, messages: { [locale]: {} } })
  const rootRoute = createRootRoute({ component: () => <>{ui}</> })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    rewrite: localeRewrite,
  })
  const result = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  await router.load()
  return result
}

/** Fixture HTML as the CMS client would deliver it: sanitized. */
export function html(raw: string): SafeHtml {
  return sanitizeHtml(raw)
}
