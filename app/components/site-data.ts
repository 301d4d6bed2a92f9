import { getRouteApi } from '@tanstack/react-router'

const localeRoute = getRouteApi('/$locale')

/** Site title, menus and social links of the current language (loaded by the /$locale route). */
export function useSiteData() {
  return localeRoute.useLoaderData()
}
