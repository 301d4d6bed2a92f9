import { useMatch } from '@tanstack/react-router'

/**
 * Site title, menus and social links of the current language (loaded by the /$locale route), or
 * undefined outside it (e.g. a block rendered on its own in a test).
 */
export function useOptionalSiteData() {
  return useMatch({ from: '/$locale', shouldThrow: false })?.loaderData
}
