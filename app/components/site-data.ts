import { getRouteApi, useMatch } from '@tanstack/react-router'

const localeRoute = getRouteApi('/$locale')

/** Site title, menus and social links of the current language (loaded by the /$locale route). */
export function useSiteData() {
  return localeRoute.useLoaderData()
}

/** The same, or undefined outside the /$locale route (e.g. a block rendered on its own in a test). */
export function useOptionalSiteData() {
  return useMatch({ from: '/$locale', shouldThrow: false })?.loaderData
}
