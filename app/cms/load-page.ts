import type { I18n } from '@lingui/core'
import type { QueryClient } from '@tanstack/react-query'
import { notFound, redirect } from '@tanstack/react-router'
import { localeOfIso, perLocale, type Locale } from '../../app.config'
import { prefetchBlocks } from '../blocks/prefetch'
import { publicConfigQuery } from '../client-runtime/public-config'
import { homeLabel } from '../news/labels'
import { pathCodec } from '../i18n/i18n'
import { linkTargetFor } from '../i18n/link-target'
import type { PageSeo, SiteSeo } from '../seo/page-head'
import { cmsQueries } from './queries'

/** What a page loader takes from the router context (the /$locale route adds the locale). */
export interface PageLoaderContext {
  queryClient: QueryClient
  i18n: I18n
  locale: Locale
}

export type LoadedPage = Awaited<ReturnType<typeof loadCmsPage>>
export type CmsPageData = LoadedPage['page']
export type LoadedFixedPage = Awaited<ReturnType<typeof loadFixedPage>>

/** Public links of this page in every language that has it (the language switcher's targets). */
export function alternatesOf(page: { locale: string; link: string; translations: ReadonlyArray<{ locale: string; link: string }> }) {
  const alternates: Partial<Record<Locale, string>> = {}
  for (const entry of [page, ...page.translations]) {
    const code = localeOfIso(entry.locale)
    if (code) alternates[code] = entry.link
  }
  return alternates
}

/**
 * What every page's head takes from the site. Both queries are the ones the root and
 * /$locale routes load, so a page loader shares their requests (or their cached answers).
 */
export async function loadSiteSeo(queryClient: QueryClient, locale: Locale): Promise<SiteSeo> {
  const [{ site }, config] = await Promise.all([
    queryClient.ensureQueryData(cmsQueries.site(locale)),
    queryClient.ensureQueryData(publicConfigQuery),
  ])
  return { title: site.title, tagline: site.tagline, ogImage: site.ogImage, siteUrl: config.siteUrl, localeOrigins: config.localeOrigins }
}

/**
 * Loads the CMS page at a public link. Missing → 404; a RedirectorPage answers
 * a real HTTP redirect (301/302 as the CMS says); a TimelinePage asks for the
 * horizontal layout. The trail and the language versions are built here once,
 * for the page and for its head.
 */
export async function loadCmsPage({ queryClient, locale }: PageLoaderContext, link: string) {
  const [page, site] = await Promise.all([queryClient.ensureQueryData(cmsQueries.page(locale, link)), loadSiteSeo(queryClient, locale)])
  if (!page) throw notFound()
  if (page.__typename === 'RedirectorPage') {
    const statusCode = page.redirectCode === 301 ? 301 : 302
    if (page.redirectionType === 'External' && page.externalUrl) throw redirect({ href: page.externalUrl, statusCode })
    const target = page.linkTo ? linkTargetFor(page.linkTo.link) : null
    if (target?.to === '/$locale') throw redirect({ to: target.to, params: target.params, statusCode })
    if (target?.to === '/$locale/$') throw redirect({ to: target.to, params: target.params, statusCode })
    throw notFound()
  }
  // Blocks that read data of their own find it in the query cache (blocks/prefetch.ts); some add to the head.
  const { locationList } = await prefetchBlocks(queryClient, locale, page.__typename === 'Page' ? page.elementalArea.elements : [])
  const breadcrumbs = [
    ...page.breadcrumbs.map((b) => ({ title: b.menuTitle || b.title, link: b.link })),
    { title: page.menuTitle || page.title, link: page.link },
  ]
  const alternates = alternatesOf(page)
  const seo: PageSeo = {
    site,
    locale,
    path: link,
    title: page.metaTitle || page.title,
    description: page.metaDescription,
    translations: alternates,
    breadcrumbs,
    locationList,
  }
  return {
    page,
    layout: page.__typename === 'TimelinePage' ? ('horizontal' as const) : ('default' as const),
    breadcrumbs,
    alternates,
    seo,
  }
}

/** The fixed routes whose text is a CMS page. */
export type FixedPageRouteId = '/$locale/~privacy' | '/$locale/~terms' | '/$locale/~cookie-policy'

/** A fixed route's public path in a language: its internal path (the route id, locale filled in), localized. */
function fixedPagePath(routeId: FixedPageRouteId, locale: Locale): string {
  return pathCodec.toPublic(routeId.replace('$locale', locale))
}

/**
 * A fixed route's text from the CMS (privacy, terms, cookie policy): the CMS
 * page at the route's public path. Its language versions follow the route.
 */
export async function loadFixedPage({ queryClient, i18n, locale }: PageLoaderContext, routeId: FixedPageRouteId) {
  const path = fixedPagePath(routeId, locale)
  const [page, site] = await Promise.all([queryClient.ensureQueryData(cmsQueries.page(locale, path)), loadSiteSeo(queryClient, locale)])
  if (!page || page.__typename !== 'Page') throw notFound()
  const home = pathCodec.toPublic(`/${locale}`)
  const breadcrumbs = [
    { title: homeTitle(page.breadcrumbs, home) ?? i18n._(homeLabel), link: home },
    { title: page.title, link: page.link },
  ]
  const seo: PageSeo = {
    site,
    locale,
    path,
    title: page.metaTitle || page.title,
    description: page.metaDescription,
    translations: perLocale((code) => fixedPagePath(routeId, code)),
    breadcrumbs,
  }
  return { page, breadcrumbs, seo }
}

/** The home page's title as the CMS names it in a breadcrumb trail. */
function homeTitle(breadcrumbs: ReadonlyArray<{ link: string; menuTitle: string; title: string }>, home: string): string | undefined {
  const crumb = breadcrumbs.find((b) => b.link === home)
  return crumb ? crumb.menuTitle || crumb.title : undefined
}
