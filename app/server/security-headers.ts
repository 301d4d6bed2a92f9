/**
 * Headers every response carries. The full Content-Security-Policy with
 * per-response script nonces is still to come (issue 8); what is here is safe
 * for every page today.
 */
export function securityHeaders(siteUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    // Framing, plugins and <base> hijacking are never needed by this site.
    'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
  }
  if (new URL(siteUrl).protocol === 'https:') headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  return headers
}
