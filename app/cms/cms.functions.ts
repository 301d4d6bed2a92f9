import { createServerFn, getGlobalStartContext } from '@tanstack/react-start'
import { getRequest, getRequestHeader } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { isoOf, localeCodes } from '../../app.config'
import { resolveNewsItem } from '../server/cms-client/news-item.server'
import { cms } from '../server/cms-client/operations.server'
import { validInput } from '../errors/http-error'
import { cmsPreviewTokenOf } from '../server/cms-client/preview.server'
import { overlayParameter } from './preview-overlay'
import { signedInToken } from '../server/pages/signed-in.server'
import { rateLimitKey } from '../server/http/client-key'
import { hoursView } from '../locations/hours-view'
import { isLocationSlug } from '../locations/paths'
import { withDateLabel } from '../news/news-paths'

const localeSchema = v.picklist(localeCodes)

/** A CMS link: a root-relative public path. */
const linkSchema = v.pipe(v.string(), v.startsWith('/'))
/** No CMS page has a longer link: a longer one in a URL is simply not found (404, not a 500). News slugs: news-item.server.ts. */
const maxLinkLength = 2048

/**
 * The visitor's auth token, only when the CMS knows it (signed-in.server.ts, bounded and
 * remembered): a made-up cookie would skip the shared CMS cache on every call, and a remote
 * CMS's 401 for it would fail the call with a 500. Anyone else reads as an anonymous visitor.
 */
function authToken(): Promise<string | undefined> {
  return signedInToken(getRequestHeader('cookie') ?? null, rateLimitKey(getGlobalStartContext()?.clientIp ?? 'unknown'))
}

/** The token for the CMS when this visitor is in preview mode, not left (app/server/cms-client/preview.server.ts). */
function previewToken(): Promise<string | undefined> {
  return cmsPreviewTokenOf(getRequestHeader('cookie') ?? null)
}

/**
 * The editor's unsaved values the page in the admin's preview pane shows (ADR 099): named by the
 * page's address (`?overlay=<id>`), taken only in preview mode (the CMS checks the token too).
 */
function overlay(): string | undefined {
  const id = new URL(getRequest().url).searchParams.get(overlayParameter)
  return id !== null && /^[\w-]{22}$/.test(id) ? id : undefined
}

/** What every CMS read sends along: the visitor's auth and preview tokens (each bypasses the shared cache). */
async function requestOptions() {
  const preview = await previewToken()
  return { authToken: await authToken(), previewToken: preview, overlay: preview ? overlay() : undefined }
}

/** Whether the visitor sees drafts (the page then shows the preview bar). */
export const fetchPreviewState = createServerFn({ method: 'GET' }).handler(async () => ({ active: (await previewToken()) !== undefined }))

/**
 * One spelling per link (`/over-ons//` is `/over-ons`, as the CMS reads it), so spellings of
 * one page share one cached CMS result instead of each taking an entry.
 */
function normalizedLink(link: string): string {
  return link.replace(/\/+$/, '') || '/'
}

export const fetchPage = createServerFn({ method: 'GET' })
  .validator(validInput(v.object({ locale: localeSchema, link: linkSchema })))
  // An object, never a bare null: Start answers a raw call whose handler returned null with a 500.
  .handler(async ({ data }) => {
    if (data.link.length > maxLinkLength) return { page: null }
    const result = await cms.readOnePage({ link: normalizedLink(data.link), locale: isoOf(data.locale) }, await requestOptions())
    return { page: result.readOnePage }
  })

export const fetchSite = createServerFn({ method: 'GET' })
  .validator(validInput(v.object({ locale: localeSchema })))
  .handler(async ({ data }) => {
    const result = await cms.readSite({ locale: isoOf(data.locale) }, await requestOptions())
    return { site: result.readSiteConfig, navigation: result.readNavigation }
  })

/** News items per list page. */
export const newsPageSize = 6

export const fetchNewsList = createServerFn({ method: 'GET' })
  .validator(validInput(v.object({ locale: localeSchema, page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)) })))
  .handler(async ({ data }) => {
    const result = await cms.readNewsList(
      { locale: isoOf(data.locale), limit: newsPageSize, offset: (data.page - 1) * newsPageSize },
      await requestOptions(),
    )
    const { nodes, totalCount } = result.readNewsItems
    const items = nodes.map((item) => withDateLabel(item, data.locale))
    return { items, totalCount, pageCount: Math.max(1, Math.ceil(totalCount / newsPageSize)) }
  })

const slugSchema = v.pipe(v.string(), v.minLength(1))

/**
 * A news item by slug. When the slug is not this language's but another language's item
 * with a translation here (a shared or switched link), the answer is that translation's
 * slug (the route redirects to it).
 */
export const fetchNewsItem = createServerFn({ method: 'GET' })
  .validator(validInput(v.object({ locale: localeSchema, slug: slugSchema })))
  .handler(async ({ data }) => {
    const found = await resolveNewsItem(data.locale, data.slug, await requestOptions())
    return found.kind === 'item' ? { ...found, item: withDateLabel(found.item, data.locale) } : found
  })

/**
 * One location, its week in the page language (hours-view.ts) and the contact page its page
 * links to. An id that cannot be a location's (locations/paths.ts) is not asked for: not found,
 * as an unknown one.
 */
export const fetchLocation = createServerFn({ method: 'GET' })
  .validator(validInput(v.object({ locale: localeSchema, id: slugSchema })))
  .handler(async ({ data }) => {
    if (!isLocationSlug(data.id)) return { location: null, hours: null, contactPage: null }
    const locale = isoOf(data.locale)
    const options = await requestOptions()
    const [location, contact] = await Promise.all([
      cms.readLocation({ id: data.id, locale }, options),
      cms.readContactPage({ locale }, options),
    ])
    const found = location.readOneLocation
    return {
      location: found,
      hours: found ? hoursView(found, data.locale) : null,
      contactPage: contact.readSiteConfig.contactPage?.link ?? null,
    }
  })

export const fetchLocations = createServerFn({ method: 'GET' })
  .validator(validInput(v.object({ locale: localeSchema })))
  .handler(async ({ data }) => {
    const result = await cms.readLocations({ locale: isoOf(data.locale) }, await requestOptions())
    return result.readLocations
  })

/** The contact form's location select (id, name, country): the locations without the map's detail. */
export const fetchLocationOptions = createServerFn({ method: 'GET' })
  .validator(validInput(v.object({ locale: localeSchema })))
  .handler(async ({ data }) => {
    const result = await cms.readLocationOptions({ locale: isoOf(data.locale) }, await requestOptions())
    return result.readLocations
  })
