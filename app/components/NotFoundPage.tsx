import { useRouterState } from '@tanstack/react-router'
import { ErrorView } from './ErrorPage'

/** Public path of the current location, as the visitor typed it. */
export function usePublicPathname(): string {
  return useRouterState({ select: (s) => new URL(s.location.publicHref, 'http://localhost').pathname })
}

export function notFoundMessage(publicPath: string): string {
  return `Page Not Found: ${publicPath}`
}

export function NotFoundPage() {
  const path = usePublicPathname()
  return <ErrorView statusCode={404} statusMessage={notFoundMessage(path)} />
}
