import { watch, type FSWatcher } from 'node:fs'
import { resolve } from 'node:path'
import { makeExecutableSchema } from '@graphql-tools/schema'
import type { GraphQLSchema } from 'graphql'
import * as v from 'valibot'
import { languages } from '../../../app.config'
import { getRuntimeConfig } from '../env.server'
import sdl from '../../cms/schema.graphql?raw'
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

/** How long to wait after the last file event: an editor's save or a git checkout fires many. */
const reloadDebounceMs = 100

function contentDir(): string {
  return resolve(process.cwd(), getRuntimeConfig().CONTENT_DIR)
}

/**
 * (Re)loads all content; throws a ContentError naming file and field when it
 * is invalid (and keeps the previous content). Without `dir` it loads
 * CONTENT_DIR and starts watching it; tests pass a fixture folder.
 */
export function reloadContent(dir?: string): EmbeddedContent {
  const next = buildContent(readContent(dir ?? contentDir()))
  const previous = content
  content = next
  // Started here rather than on first request, so a server that validated
  // content at start-up (startup.nitro.ts) also picks up later edits.
  if (dir === undefined) watchContent()
  // Only a change invalidates caches; the first load has nothing cached yet
  // (and clearing would abort the very request that triggered the load).
  if (previous) for (const listener of listeners) listener()
  return next
}

function currentContent(): EmbeddedContent {
  return content ?? reloadContent()
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
          console.error(`[cms] content not reloaded, still serving the last good version:\n${error instanceof Error ? error.message : String(error)}`)
        }
      }, reloadDebounceMs)
    })
    // An FSWatcher error without a listener would crash the server; losing live reload must not.
    watcher.on('error', (error) => console.warn('[cms] stopped watching content for changes', error))
    // Watching must not keep a process (a test run, a script) alive.
    watcher.unref()
  } catch (error) {
    console.warn('[cms] cannot watch content for changes', error)
  }
}

/** Stops watching content files (for tests that load content from a temporary folder). */
export function stopWatchingContent(): void {
  watcher?.close()
  watcher = undefined
}

/** Called after every successful reload: caches of CMS results are out of date. Returns an unsubscribe function. */
export function onContentChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

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

/** Links are stored without a trailing slash; "/en/" and "/over-ons/" still find their page. */
function normalizeLink(link: string): string {
  return link.replace(/\/+$/, '') || '/'
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
          if (!site) throw new Error(`No site data for ${locale}`)
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
        // Locations are not translated: the locale is validated but does not change the answer.
        readLocations: (_root: unknown, args: unknown) => {
          v.parse(localeArgs, args)
          return currentContent().locations.map((location) => ({
            ...location,
            phone: location.phone ?? null,
            email: location.email ?? null,
            website: location.website ?? null,
          }))
        },
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
