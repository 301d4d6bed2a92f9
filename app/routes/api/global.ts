import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '../../server/http/request-guard.server'
import * as v from 'valibot'
import { defaultLocale, localeCodes } from '../../../app.config'
import { fetchSite } from '../../cms/cms.functions'

const searchSchema = v.object({ locale: v.optional(v.picklist(localeCodes), defaultLocale) })

/** Global site data for one locale (?locale=nl|en|de|fr|da); cached per locale by the CMS client. */
export const Route = createFileRoute('/api/global')({
  server: {
    handlers: {
      ANY: () => methodNotAllowed('GET, HEAD'),
      GET: async ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams)
        const parsed = v.safeParse(searchSchema, query)
        if (!parsed.success) {
          return Response.json({ error: `locale must be one of ${localeCodes.join(', ')}` }, { status: 400 })
        }
        const { site } = await fetchSite({ data: { locale: parsed.output.locale } })
        return Response.json(
          { locale: parsed.output.locale, title: site.title, ogImage: site.ogImage },
          { headers: { 'Cache-Control': 'public, max-age=60, stale-while-revalidate=600' } },
        )
      },
    },
  },
})
