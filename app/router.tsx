import { setupI18n, type I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { getGlobalStartContext } from '@tanstack/react-start'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import type { ReactNode } from 'react'
import { isLocale } from './i18n/paths'
import { mayRefetchOnMount, preloadQueue } from './client-runtime/after-ssr'
import { activateLocale, localeRewrite } from './i18n/i18n'
import { ErrorPage } from './components/ErrorPage'
import { NotFoundPage } from './components/NotFoundPage'
import { routeTree } from './routeTree.gen'
import { ContactPostContext, contactPostHolder, type ContactPostState } from './contact/form-post'

export interface RouterContext {
  queryClient: QueryClient
  /** Per-router (so per-request on the server) Lingui instance: no shared global state. */
  i18n: I18n
}

/** The render's script marker (see page-delivery.server.ts), read back in the browser so head tags render alike. */
function pageNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.content || undefined
}

export function getRouter() {
  const queryClient = new QueryClient({
    // No retries in the browser: a failed data request on navigation falls back to a full page
    // load (ErrorPage), which is the better retry.
    // Stale data is not refetched on mount right after hydration (client-runtime/after-ssr.ts).
    defaultOptions: { queries: { staleTime: 60_000, retry: false, refetchOnMount: mayRefetchOnMount } },
  })
  const i18n = setupI18n()
  // A contact form post's outcome (contact/form-post.ts): from the request on the server, from
  // the dehydrated page in the browser; absent on every ordinary page.
  // Replaced by the dehydrated one before the browser renders (hydrate below).
  let contactPost = contactPostHolder(getGlobalStartContext()?.contactPost)

  const router = createRouter({
    routeTree,
    context: { queryClient, i18n } satisfies RouterContext,
    rewrite: localeRewrite,
    // A random marker per render (not a CSP nonce: the policy lists script hashes). The router
    // stamps it on every script it renders, and only scripts carrying it get their hash into
    // the policy, so markup injected into the page cannot run.
    ssr: { nonce: getGlobalStartContext()?.nonce ?? pageNonce() },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultViewTransition: true,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    Wrap: ({ children }: { children: ReactNode }) => (
      <I18nProvider i18n={i18n}>
        <ContactPostContext value={contactPost}>{children}</ContactPostContext>
      </I18nProvider>
    ),
    // The client activates the server's locale before hydrating, so the first
    // client render uses the same catalog (no mismatch). The catalog itself is
    // a hashed, cacheable chunk rather than JSON repeated in every page.
    dehydrate: (): DehydratedPage => {
      const posted = contactPost.current()
      return { locale: i18n.locale, ...(posted ? { contactPost: posted } : {}) }
    },
    hydrate: async (dehydrated: DehydratedPage) => {
      contactPost = contactPostHolder(dehydrated.contactPost)
      if (isLocale(dehydrated.locale)) await activateLocale(i18n, dehydrated.locale)
    },
  })
  setupRouterSsrQueryIntegration({
    router,
    queryClient,
    // Only data the page was rendered with. Loaders await all of theirs, so a query still
    // running is one a failed page left behind (a child's data when the layout's failed): sent
    // along, its later failure would reach the browser as an unhandled "redacted" rejection.
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' },
  })
  if (typeof window !== 'undefined') {
    // Link intent preloads go through one queue: at most 4 at once, none right after hydration.
    const preloadRoute = router.preloadRoute
    router.preloadRoute = (options) => preloadQueue.run(() => preloadRoute(options))
  }
  return router
}

/** What the server hands the browser besides the router's own state. */
interface DehydratedPage {
  locale: string
  contactPost?: ContactPostState
}

/** What the server entry (app/server.ts) hands every request. */
export interface RequestContext {
  /** The visitor's address (TRUST_PROXY decides which forwarded addresses count). */
  clientIp: string
  /** The request's id (the caller's X-Request-Id or a new one), on its access-log line, error logs and Sentry events. */
  requestId: string
  /** A page render's script marker (page-delivery.server.ts); absent for other requests. */
  nonce?: string
  /** A form post to a page (POST with a form body, within the body limit): the contact form without JavaScript. */
  pageFormPost?: boolean
  /** What that post (or the thank-you link it led to) left for the form to show; set by middleware/contact-form-posts.ts. */
  contactPost?: ContactPostState
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}

declare module '@tanstack/react-start' {
  interface Register {
    server: { requestContext: RequestContext }
  }
}
