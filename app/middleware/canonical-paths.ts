import { createMiddleware } from '@tanstack/react-start'
import { pathCodec } from '../i18n/i18n'
import { newsAliasRedirect } from '../server/redirects/news-alias.server'
import { pathRedirect } from '../server/redirects/path-redirects'

/**
 * Old site's paths, renamed URL segments, `/nl/x`, `/x/` and another language's news segment:
 * one permanent redirect each to the page's one URL, before any routing (see pathRedirect and
 * newsAliasRedirect; the latter reads the CMS for a news item's slug in this language).
 */
export const canonicalPaths = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  if (handlerType === 'router') {
    const url = new URL(request.url)
    const target = pathRedirect(url, pathCodec)
    // Another language's news segment or slug is looked up where the path rules lead (`/de/news/`
    // → `/de/nachricht`, `/nieuws/free-winter-check/` → `/nieuws/gratis-wintercheck`): one hop.
    const aliasOf = target === null ? url : target.startsWith('/') ? new URL(target, url) : undefined
    let alias: string | null = null
    try {
      alias = aliasOf ? await newsAliasRedirect(aliasOf, pathCodec, { ownSegment: target !== null }) : null
    } catch (error) {
      // The CMS could not be asked: a path that is redirected anyway still is (its route then
      // finds the item); another is answered as before the lookup existed, by its route.
      if (target === null) throw error
    }
    const location = alias ?? target
    if (location) return new Response(null, { status: 301, headers: { Location: location } })
  }
  return next()
})
