import { createFileRoute } from '@tanstack/react-router'
import { pathCodec } from '../../../i18n/i18n'
import { buildRouteManifest } from '../../../route-manifest'
import { legacyRedirectTable } from '../../../legacy-redirects'
import { compressedResponse } from '../../../server/http/compressed-response.server'
import { renderedPage, type CachedPage } from '../../../server/http/representation'
import { methodNotAllowed } from '../../../server/http/request-guard.server'

const startedAt = Date.now()
// Built once: the table and the URL segments are part of the build, like the id.
const manifest = buildRouteManifest(__BUILD_ID__, startedAt, legacyRedirectTable(pathCodec.toPublic))
// Every client fetches it after its first page (tens of KB of JSON): compressed once, on first ask.
let manifestBody: Promise<CachedPage> | undefined

/**
 * The running build's route manifest at /builds/meta/{buildId}.json (app/route-manifest.ts).
 * Its content never changes for one id, so it is cached for good; any other id is a 404 that
 * is not cached (during a rolling deploy the id may be served by another instance soon).
 */
export const Route = createFileRoute('/builds/meta/$file')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: async ({ request, params }) => {
        if (params.file !== `${__BUILD_ID__}.json`) {
          return Response.json({ error: 'Unknown build' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
        }
        manifestBody ??= renderedPage(JSON.stringify(manifest), 200, [])
        return compressedResponse(request, await manifestBody, {
          'Content-Type': 'application/json',
          'Cache-Control': 'public, max-age=31536000, immutable',
        })
      },
    },
  },
})
