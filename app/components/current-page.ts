import type { ActiveOptions } from '@tanstack/react-router'

/**
 * For every router link: only the link to the page itself is active (and so gets
 * aria-current="page"). The router's default also marks links to the pages above it — the
 * brand link, breadcrumb ancestors, a 404's way home, page 1 of a list on page 2.
 */
export const currentPageOnly: ActiveOptions = { exact: true }

/** Whether a public path is a section's own page or one below it (its menu entry is then marked, visually only). */
export function inSection(pathname: string, sectionPath: string): boolean {
  return pathname === sectionPath || pathname.startsWith(`${sectionPath}/`)
}
