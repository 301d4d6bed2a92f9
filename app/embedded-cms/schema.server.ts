import { makeExecutableSchema } from '@graphql-tools/schema'
import type { GraphQLSchema } from 'graphql'
import * as v from 'valibot'
import { languages } from '../../app.config'
import sdl from '../cms/schema.graphql?raw'
import { currentContent } from './content-store.server'
import type { EmbeddedContent } from './content/projection.server'
import { storeSubmission } from './submissions/submissions.server'

/** The contract's locale arguments are iso codes (nl_NL, en_US, ...). */
const isoLocale = v.picklist(
  languages.map((l) => l.iso),
  `Unknown locale; expected one of ${languages.map((l) => l.iso).join(', ')}`,
)
const localeArgs = v.object({ locale: isoLocale })
const pageArgs = v.object({ link: v.string(), locale: isoLocale })
const newsListArgs = v.object({
  locale: isoLocale,
  limit: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)),
  offset: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
const newsItemArgs = v.object({ slug: v.string(), locale: isoLocale })
const locationArgs = v.object({ id: v.string(), locale: isoLocale })
const submitArgs = v.object({
  input: v.object({
    firstName: v.string(),
    surName: v.string(),
    email: v.string(),
    message: v.string(),
    locale: v.string(),
    idempotencyKey: v.string(),
    phone: v.nullish(v.string()),
    locationId: v.nullish(v.string()),
    subject: v.nullish(v.string()),
  }),
})

/** Links are stored without a trailing slash; "/en/" and "/over-ons/" still find their page. */
function normalizeLink(link: string): string {
  return link.replace(/\/+$/, '') || '/'
}

function typenameOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null
  const typename = Reflect.get(value, '__typename')
  return typeof typename === 'string' ? typename : null
}

/**
 * Per request: whether drafts are served (a valid preview token came with it), and in preview
 * the content with an editor's unsaved values laid over it (app/embedded-cms/admin/preview-overlay.server.ts).
 */
export type CmsContext = { preview: boolean; overlay?: EmbeddedContent }

/** The content a request reads; a direct `graphql()` call (tests) may pass no context. */
const contentOf = (context: CmsContext | undefined): EmbeddedContent =>
  context?.preview === true ? (context.overlay ?? currentContent(true)) : currentContent(false)

let schema: GraphQLSchema | undefined

export function getEmbeddedSchema(): GraphQLSchema {
  // Load (and validate) on first use, so a bad content file fails start-up's first request loudly.
  currentContent()
  schema ??= makeExecutableSchema({
    typeDefs: sdl,
    resolvers: {
      SiteTreeInterface: { __resolveType: typenameOf },
      BaseElement: { __resolveType: typenameOf },
      Query: {
        readOnePage: (_root: unknown, args: unknown, context?: CmsContext) => {
          const { link, locale } = v.parse(pageArgs, args)
          return contentOf(context).pages.get(locale)?.get(normalizeLink(link)) ?? null
        },
        readPages: (_root: unknown, args: unknown, context?: CmsContext) => {
          const { locale } = v.parse(localeArgs, args)
          return [...(contentOf(context).pages.get(locale)?.values() ?? [])]
        },
        readNavigation: (_root: unknown, args: unknown, context?: CmsContext) => {
          const { locale } = v.parse(localeArgs, args)
          return contentOf(context).navigation.get(locale) ?? { main: [], footer: [], locations: null }
        },
        readSiteConfig: (_root: unknown, args: unknown, context?: CmsContext) => {
          const { locale } = v.parse(localeArgs, args)
          const site = contentOf(context).site.get(locale)
          if (!site) throw new Error(`No site data for ${locale}`)
          return site
        },
        readNewsItems: (_root: unknown, args: unknown, context?: CmsContext) => {
          const { locale, limit, offset } = v.parse(newsListArgs, args)
          const items = contentOf(context).news.get(locale) ?? []
          return { nodes: items.slice(offset, offset + limit), totalCount: items.length }
        },
        readOneNewsItem: (_root: unknown, args: unknown, context?: CmsContext) => {
          const { slug, locale } = v.parse(newsItemArgs, args)
          return (
            contentOf(context)
              .news.get(locale)
              ?.find((item) => item.slug === slug) ?? null
          )
        },
        // Locations are not translated: the locale is validated but does not change the answer.
        readLocations: (_root: unknown, args: unknown, context?: CmsContext) => {
          v.parse(localeArgs, args)
          return contentOf(context).locations
        },
        readOneLocation: (_root: unknown, args: unknown, context?: CmsContext) => {
          const { id } = v.parse(locationArgs, args)
          return contentOf(context).locations.find((location) => location.id === id) ?? null
        },
      },
      Mutation: {
        submitContactForm: async (_root: unknown, args: unknown) => {
          const { input } = v.parse(submitArgs, args)
          // The location's name as it is now goes with the message: the mail and the list stay
          // readable when the location is renamed or closed later.
          const location = input.locationId ? currentContent().locations.find((l) => l.id === input.locationId) : undefined
          const outcome = await storeSubmission({
            ...input,
            phone: input.phone || null,
            locationId: input.locationId || null,
            locationName: location?.name ?? null,
            subject: input.subject || null,
          })
          return 'conflict' in outcome ? { success: false, id: null } : { success: true, id: String(outcome.id) }
        },
      },
    },
  })
  return schema
}
