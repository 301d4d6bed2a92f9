import { languages, type Locale } from '../../../app.config'
import { reservedFirstSegments } from '../../i18n/paths'
import { renamedSegments, segmentTable } from '../../i18n/segments'
import { legacyPaths } from '../../legacy-redirects'

/**
 * Links another route answers before the CMS page would: a page there passes every other
 * check but can never be shown. Everything here is read from the tables the request layer
 * routes with (reserved server paths, the localized fixed segments and their earlier values,
 * the old site's redirects), so a new route or a translated segment is covered without an
 * edit here. Legacy locale prefixes (`nl_NL`) cannot be a segment at all (lowercase and
 * dashes only).
 */

const legacy = new Set(legacyPaths)

/**
 * Why the top-level segment `segment` cannot be used in `locale`, or undefined when it can.
 * Server paths and language codes are refused in every language: with per-language domains
 * the prefix is not what tells them apart.
 */
export function reservedSegmentProblem(segment: string, locale: Locale): string | undefined {
  const path = locale === 'nl' ? `/${segment}` : `/${locale}/${segment}`
  if (reservedFirstSegments.has(segment)) return `"${segment}" is reserved for the server (/${segment}), so this page would never be shown`
  const language = languages.find((l) => l.code === segment)
  if (language) return `"${segment}" is the language code of ${language.name} (/${segment}), so this page would never be shown`
  if (segment === segmentTable[locale].news) return `${path} is the news list, so this page would never be shown`
  if (renamedSegments[locale].has(segment)) {
    return `${path} was the address of a fixed page and now redirects to its new one, so this page would never be shown`
  }
  return undefined
}

/**
 * Why a link is a location page's address (`/vestigingen/<anything>`), or undefined: the
 * locations list itself is the CMS page at the segment; everything below it is a location.
 */
export function locationPageProblem(link: string, locale: Locale): string | undefined {
  const list = locale === 'nl' ? `/${segmentTable[locale].locations}` : `/${locale}/${segmentTable[locale].locations}`
  return link.startsWith(`${list}/`) ? `${link} is the address of a location page (${list}/<id>), so this page would never be shown` : undefined
}

/** Why a whole link is redirected away before its page is looked up, or undefined. */
export function redirectedLinkProblem(link: string): string | undefined {
  return legacy.has(link)
    ? `${link} redirects to a page of the old site's (app/legacy-redirects.ts), so this page would never be shown`
    : undefined
}
