import { watch, type FSWatcher } from 'node:fs'
import { resolve } from 'node:path'
import { makeExecutableSchema } from '@graphql-tools/schema'
import type { GraphQLSchema } from 'graphql'
import * as v from 'valibot'
import { getRuntimeConfig } from '../../../app.config'
import sdl from '../schema.graphql?raw'
import { storeSubmission } from '../contact/submissions.server'
import { buildContent, readContent, type EmbeddedContent } from './load-content'

export { ContentError } from './load-content'

/**
 * The embedded CMS: content files served through the site's GraphQL
 * contract, in-process. Content is loaded once, validated, and reloaded when
 * a file changes (a reload that fails validation is logged and the last good
 * content stays in service).
 */

let content: EmbeddedContent | undefined
let watcher: FSWatcher | undefined
const listeners = new Set<() => void>()

function contentDir(): string {
  return resolve(process.cwd(), getRuntimeConfig().CONTENT_DIR)
}

/** (Re)loads all content; throws a ContentError naming file and field when invalid. */
export function reloadContent(dir: string = contentDir()): EmbeddedContent {
  const previous = content
  content = buildContent(readContent(dir))
  // Only a change invalidates caches; the first load has nothing cached yet
  // (and clearing would abort the very request that triggered the load).
  if (previous) for (const listener of listeners) listener()
  return content
}

function currentContent(): EmbeddedContent {
  if (content) return content
  const loaded = reloadContent()
  watchContent()
  return loaded
}

function watchContent(): void {
  if (watcher) return
  let timer: NodeJS.Timeout | undefined
  try {
    watcher = watch(contentDir(), { recursive: true }, () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        try {
          reloadContent()
          console.info('[cms] content reloaded')
        } catch (error) {
          console.error(`[cms] content not reloaded, still serving the last good version:\n${String(error)}`)
        }
      }, 100)
    })
    watcher.unref()
  } catch (error) {
    console.warn('[cms] cannot watch content for changes', error)
  }
}

/** Called after every successful (re)load: caches of CMS results are out of date. */
export function onContentChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const localeArgs = v.object({ locale: v.string() })
const pageArgs = v.object({ link: v.string(), locale: v.string() })
const newsListArgs = v.object({
  locale: v.string(),
  limit: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)),
  offset: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
const newsItemArgs = v.object({ slug: v.string(), locale: v.string() })
const submitArgs = v.object({
  input: v.object({
    firstName: v.string(),
    surName: v.string(),
    email: v.string(),
    message: v.string(),
    locale: v.string(),
    idempotencyKey: v.string(),
  }),
})

function normalizeLink(link: string): string {
  return link.length > 1 ? link.replace(/\/+$/, '') : link
}

function typenameOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null
  const typename = Reflect.get(value, '__typename')
  return typeof typename === 'string' ? typename : null
}

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
        readOnePage: (_root: unknown, args: unknown) => {
          const { link, locale } = v.parse(pageArgs, args)
          return currentContent().pages.get(locale)?.get(normalizeLink(link)) ?? null
        },
        readPages: (_root: unknown, args: unknown) => {
          const { locale } = v.parse(localeArgs, args)
          return [...(currentContent().pages.get(locale)?.values() ?? [])]
        },
        readNavigation: (_root: unknown, args: unknown) => {
          const { locale } = v.parse(localeArgs, args)
          return currentContent().navigation.get(locale) ?? { main: [], footer: [] }
        },
        readSiteConfig: (_root: unknown, args: unknown) => {
          const { locale } = v.parse(localeArgs, args)
          const site = currentContent().site.get(locale)
          if (!site) throw new Error(`Unknown locale ${locale}`)
          return site
        },
        readNewsItems: (_root: unknown, args: unknown) => {
          const { locale, limit, offset } = v.parse(newsListArgs, args)
          const items = currentContent().news.get(locale) ?? []
          return { nodes: items.slice(offset, offset + limit), totalCount: items.length }
        },
        readOneNewsItem: (_root: unknown, args: unknown) => {
          const { slug, locale } = v.parse(newsItemArgs, args)
          return currentContent().news.get(locale)?.find((item) => item.slug === slug) ?? null
        },
        readLocations: () =>
          currentContent().locations.map((location) => ({
            ...location,
            phone: location.phone ?? null,
            email: location.email ?? null,
            website: location.website ?? null,
          })),
      },
      Mutation: {
        submitContactForm: (_root: unknown, args: unknown) => {
          const { input } = v.parse(submitArgs, args)
          const { id } = storeSubmission({ ...input })
          return { success: true, id: String(id) }
        },
      },
    },
  })
  return schema
}
