import { isoOf, type Locale } from '../../app.config'
import { pathCodec } from '../i18n/i18n'
import { isLocale, reservedFirstSegments } from '../i18n/paths'
import { cms } from './cms/operations.server'
import { logger } from './logger.server'
import { isShellPath, type ShellTemplate } from './not-found-shell'
import { pathRedirect } from './path-redirects'

/**
 * When a request is a content page that does not exist (the catch-all route `/$locale/$` would
 * answer 404): its language and its path after the language. Null for anything else, and when
 * unsure: a path some middleware redirects, a fixed route's path, a query string (it changes the
 * language links), a path that would need escaping, a CMS that does not answer. Those render.
 */
export async function missingContentPage(url: URL): Promise<{ locale: Locale; splat: string } | null> {
  if (url.search || !isShellPath(url.pathname)) return null
  // What middleware/canonical-paths.ts redirects (the old site's paths, renamed segments, news aliases).
  if (pathRedirect(url, pathCodec) !== null || pathCodec.foreignNewsPath(url.pathname) !== null) return null
  const [, locale, head, ...rest] = pathCodec.toInternal(url.pathname).split('/')
  // Fixed routes live under `~` segments; reserved paths are server routes.
  if (!isLocale(locale) || head === undefined || head.startsWith('~') || reservedFirstSegments.has(head)) return null
  const splat = [head, ...rest].join('/')
  try {
    const links = await pageLinks(locale)
    return links.has(pathCodec.toPublic(`/${locale}/${splat}`).toLowerCase()) ? null : { locale, splat }
  } catch {
    return null
  }
}

/** Lower-cased links by CMS answer: made once per cached answer, not per request. */
const linkSets = new WeakMap<object, ReadonlySet<string>>()

/**
 * Every published page's link in a language, lower-cased: a CMS may match links without regard
 * to case, so only a path no page has in any case counts as missing. One cached CMS answer for
 * all paths, where asking for each path's page would run a CMS query per random path.
 */
async function pageLinks(locale: Locale): Promise<ReadonlySet<string>> {
  const result = await cms.readPageLinks({ locale: isoOf(locale) })
  let links = linkSets.get(result)
  if (!links) {
    links = new Set(result.readPages.map((page) => page.link.replace(/\/+$/, '').toLowerCase() || '/'))
    linkSets.set(result, links)
  }
  return links
}

interface StoredTemplate {
  template: Promise<ShellTemplate | undefined>
  /** The page cache's generation it was made in: a purge (new content, new navigation) makes it old. */
  generation: number
  madeAt: number
}

/** Per origin and language; origins are the allowed hosts only (server.ts checks them first). */
const templates = new Map<string, StoredTemplate>()
const maxTemplates = 64

/**
 * The 404 template of a language on an origin: made by `make` (a render of a probe path) when
 * missing, after a purge, or older than `maxAgeMs` (as a stored page would be); concurrent
 * requests share one render. A failed render leaves no template (the next request tries again).
 */
export function shellTemplateFor(
  origin: string,
  locale: Locale,
  generation: number,
  maxAgeMs: number,
  make: () => Promise<ShellTemplate | undefined>,
): Promise<ShellTemplate | undefined> {
  const key = `${origin} ${locale}`
  const stored = templates.get(key)
  if (stored && stored.generation === generation && Date.now() - stored.madeAt < maxAgeMs) return stored.template
  if (!stored && templates.size >= maxTemplates) templates.clear()
  const template = make().catch((error: unknown) => {
    logger.warn({ err: error }, '[404 shell] the 404 page could not be made into a template; rendering each 404')
    return undefined
  })
  const entry = { template, generation, madeAt: Date.now() }
  templates.set(key, entry)
  void template.then((made) => {
    if (!made && templates.get(key) === entry) templates.delete(key)
  })
  return template
}
