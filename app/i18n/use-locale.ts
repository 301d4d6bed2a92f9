import { useRouterState } from '@tanstack/react-router'
import type { Locale } from '../../app.config'
import { localeOfInternalPath } from './i18n'

/** The locale of the current location (internal paths always start with it). */
export function useCurrentLocale(): Locale {
  return useRouterState({ select: (s) => localeOfInternalPath(s.location.pathname) })
}
