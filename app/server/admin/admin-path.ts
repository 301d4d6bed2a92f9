/** The editors' admin answers under /admin (a reserved first segment: no page can claim it). */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/')
}
