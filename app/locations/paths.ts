import type { Locale } from '../../app.config'
import { pathCodec } from '../i18n/i18n'

/** Public path of the locations list (the CMS page at the locations segment), or of one location. */
export function locationsPath(locale: Locale, id?: string): string {
  return pathCodec.toPublic(`/${locale}/~locations${id ? `/${id}` : ''}`)
}

/**
 * A location's address segment is its id (lowercase words joined by dashes, the same in every
 * language). Anything else in that place is not a location: a 404 without asking the CMS.
 */
export const locationSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const maxLocationSlugLength = 100

export function isLocationSlug(value: string): boolean {
  return value.length <= maxLocationSlugLength && locationSlugPattern.test(value)
}
