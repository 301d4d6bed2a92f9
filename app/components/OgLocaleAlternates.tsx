import { useMatches } from '@tanstack/react-router'
import * as v from 'valibot'
import { localeCodes } from '../../app.config'
import { ogLocaleAlternates } from '../seo/meta'

/** The part of a page loader's `seo` (app/seo/page-head.ts) these tags need. */
const seoDataSchema = v.object({
  seo: v.object({ locale: v.picklist(localeCodes), translations: v.record(v.picklist(localeCodes), v.string()) }),
})

/**
 * One og:locale:alternate per other language of the page. Rendered here, after the router's
 * head tags, because the router keeps a single meta tag per `property` (a route's head could
 * only ever name one other language).
 */
export function OgLocaleAlternates() {
  const alternates = useMatches({
    select: (matches) => {
      for (const match of [...matches].reverse()) {
        const parsed = v.safeParse(seoDataSchema, match.loaderData)
        if (parsed.success) return ogLocaleAlternates(parsed.output.seo.locale, parsed.output.seo.translations)
      }
      return []
    },
    // The same list stays the same array: no new render while the page stays.
    structuralSharing: true,
  })
  return (
    <>
      {alternates.map((iso) => (
        <meta key={iso} property="og:locale:alternate" content={iso} />
      ))}
    </>
  )
}
