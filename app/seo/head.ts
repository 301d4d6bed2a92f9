/**
 * Pure helpers that turn route matches into the document head. Pages put
 * `{ seo: { title, description } }` in their loader data; the /$locale route
 * provides the site data. Only the root route writes <title>, so the error
 * title (the status message) can never be overridden by a page.
 */
import * as v from 'valibot'

const seoDataSchema = v.object({
  seo: v.object({ title: v.string(), description: v.optional(v.string()) }),
})

const siteDataSchema = v.object({
  site: v.object({
    title: v.string(),
    ogImage: v.nullish(v.object({ url: v.string(), width: v.number(), height: v.number(), alt: v.string() })),
  }),
})

export interface MatchLike {
  status: string
  loaderData?: unknown
  error?: unknown
}

export type PageSeo = v.InferOutput<typeof seoDataSchema>['seo']
export type SiteSeo = v.InferOutput<typeof siteDataSchema>['site']

/** The deepest page's SEO data, if any page provides it. */
export function pageSeoOf(matches: ReadonlyArray<MatchLike>): PageSeo | undefined {
  for (const match of [...matches].reverse()) {
    const parsed = v.safeParse(seoDataSchema, match.loaderData)
    if (parsed.success) return parsed.output.seo
  }
  return undefined
}

export function siteSeoOf(matches: ReadonlyArray<MatchLike>): SiteSeo | undefined {
  for (const match of matches) {
    const parsed = v.safeParse(siteDataSchema, match.loaderData)
    if (parsed.success) return parsed.output.site
  }
  return undefined
}

/** "Page – Site", the site name alone on its home page, or the error's status message. */
export function documentTitle(options: { errorTitle?: string; page?: PageSeo; site?: SiteSeo }): string {
  if (options.errorTitle) return options.errorTitle
  const siteTitle = options.site?.title
  const pageTitle = options.page?.title
  if (pageTitle && siteTitle && !pageTitle.includes(siteTitle)) return `${pageTitle} – ${siteTitle}`
  return pageTitle ?? siteTitle ?? ''
}
