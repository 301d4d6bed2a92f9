import { createFileRoute } from '@tanstack/react-router'
import { pathCodec } from '../../../i18n/i18n'
import { buildRouteManifest } from '../../../route-manifest'
import { legacyRedirectTable } from '../../../legacy-redirects'
import { methodNotAllowed } from '../../../server/http/request-guard.server'

const startedAt = Date.now()
// Built once: the table and the URL segments are part of the build, like the id.
const manifest = buildRouteManifest(__BUILD_ID__, startedAt, legacyRedirectTable(pathCodec.toPublic))

/**
 * The running build's route manifest at /builds/meta/{buildId}.json (app/route-manifest.ts).
 * Its content never changes for one id, so it is cached for good; any other id is a 404 that
 * is not cached (during a rolling deploy the id may be served by another instance soon).
 */
export const Route = createFileRoute('/builds/meta/$file')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: ({ params }) => {
        if (params.file !== `${__BUILD_ID__}.json`) {
          return Response.json({ error: 'Unknown build' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
        }
        return Response.json(manifest, { headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } })
      },
    },
  },
})
