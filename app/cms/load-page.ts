import type { QueryClient } from '@tanstack/react-query'
import { notFound, redirect } from '@tanstack/react-router'
import { localeOfIso, type Locale } from '../../app.config'
import { prefetchBlocks } from '../blocks/prefetch'
import { pathCodec } from '../i18n/i18n'
import { linkTargetFor } from '../i18n/link-target'
import { cmsQueries } from './queries'

export type LoadedPage = Awaited<ReturnType<typeof loadCmsPage>>
export type CmsPageData = LoadedPage['page']

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
 * Loads the CMS page at a public link. Missing → 404; a RedirectorPage answers
 * a real HTTP redirect (301/302 as the CMS says); a TimelinePage asks for the
 * horizontal layout.
 */
export async function loadCmsPage(queryClient: QueryClient, locale: Locale, link: string) {
  const page = await queryClient.ensureQueryData(cmsQueries.page(locale, link))
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
  const { locations } = await prefetchBlocks(queryClient, locale, page.__typename === 'Page' ? page.elementalArea.elements : [])
  return {
    page,
    layout: page.__typename === 'TimelinePage' ? ('horizontal' as const) : ('default' as const),
    alternates: alternatesOf(page),
    seo: {
      title: page.metaTitle || page.title,
      description: page.metaDescription ?? undefined,
      translations: alternatesOf(page),
      locations,
      breadcrumbs: [...page.breadcrumbs.map((b) => ({ title: b.menuTitle || b.title, link: b.link })), { title: page.menuTitle || page.title, link: page.link }],
    },
  }
}

/**
 * A fixed route's text from the CMS (privacy, terms, cookie policy): the CMS
 * page at the route's public path. Its language versions follow the route.
 */
export async function loadFixedPage(queryClient: QueryClient, locale: Locale, internalPath: string) {
  const page = await queryClient.ensureQueryData(cmsQueries.page(locale, pathCodec.toPublic(internalPath)))
  if (!page || page.__typename !== 'Page') throw notFound()
  const home = pathCodec.toPublic(`/${locale}`)
  return {
    page,
    seo: {
      title: page.metaTitle || page.title,
      description: page.metaDescription ?? undefined,
      breadcrumbs: [{ title: homeTitle(page.breadcrumbs, home), link: home }, { title: page.title, link: page.link }],
    },
  }
}

/** The home page's title as the CMS names it in a breadcrumb trail (fallback "Home"). */
function homeTitle(breadcrumbs: ReadonlyArray<{ link: string; menuTitle: string; title: string }>, home: string): string {
  const crumb = breadcrumbs.find((b) => b.link === home)
  return crumb ? crumb.menuTitle || crumb.title : 'Home'
}
