import type { QueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../app.config'
import { cmsQueries } from '../../cms/queries'

/**
 * The form's location select reads the locations from the query cache, so the server render
 * (and a form without JavaScript) has them. A CMS failure here must not take the form down:
 * the select then offers no preference only. Adds nothing to the head.
 */
export async function prefetchContactForm(queryClient: QueryClient, locale: Locale) {
  await queryClient.ensureQueryData(cmsQueries.locationOptions(locale)).catch(() => undefined)
  return {}
}
