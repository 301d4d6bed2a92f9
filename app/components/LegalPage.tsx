import { getRouteApi, Outlet } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { loadFixedPage, type FixedPageRouteId, type LoadedFixedPage, type PageLoaderContext } from '../cms/load-page'
import type { SafeHtml } from '../cms/safe-html'
import { pageHead } from '../seo/page-head'
import { Breadcrumbs, type Crumb } from './Breadcrumbs'
import { RichText } from './RichText'

/** A text page from the CMS: breadcrumbs (Home › title), the title, then its content. */
export function LegalPage({ title, breadcrumbs, children }: { title: string; breadcrumbs: ReadonlyArray<Crumb>; children: ReactNode }) {
  return (
    <article className="content-section legal-page">
      <Breadcrumbs items={breadcrumbs} />
      <h1>{title}</h1>
      {children}
    </article>
  )
}

export function LegalContent({ html }: { html: SafeHtml | null }) {
  return html ? <RichText html={html} className="legal-page__content" /> : null
}

/**
 * Route options of a fixed legal page (privacy, terms, cookie policy): its CMS text, its head,
 * and the page. With `body: 'outlet'` the route is a layout and its child routes show the text.
 */
export function legalPageRoute(routeId: FixedPageRouteId, body: 'text' | 'outlet' = 'text') {
  const route = getRouteApi(routeId)
  function LegalRoutePage(): ReactNode {
    const { page, breadcrumbs } = route.useLoaderData()
    return (
      <LegalPage title={page.title} breadcrumbs={breadcrumbs}>
        {body === 'outlet' ? <Outlet /> : <LegalContent html={page.content} />}
      </LegalPage>
    )
  }
  return {
    loader: ({ context }: { context: PageLoaderContext }) => loadFixedPage(context, routeId),
    head: ({ loaderData }: { loaderData?: LoadedFixedPage }) => pageHead(loaderData?.seo),
    component: LegalRoutePage,
  }
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/** The h2 sections of sanitized HTML (ids are kept by the sanitizer), for a table of contents. */
export function sectionsOf(html: SafeHtml | null): Array<{ id: string; title: string }> {
  if (!html) return []
  return [...html.matchAll(/<h2 id="([a-z][a-z0-9-]*)">([\s\S]*?)<\/h2>/g)].map(([, id = '', inner = '']) => ({
    id,
    title: inner.replace(/<[^>]+>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity),
  }))
}
