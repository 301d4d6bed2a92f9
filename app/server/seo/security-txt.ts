/** How long a security.txt stays valid: RFC 9116 recommends less than a year, so that it is renewed. */
export const securityTxtLifetimeDays = 180

export interface SecurityTxtInput {
  /** mailto:, https: or tel: URIs, most preferred first. */
  contacts: ReadonlyArray<string>
  expires: Date
  /** Language tags the reports may be written in. */
  languages: ReadonlyArray<string>
  /** Every URL the file is served at (one per origin). */
  canonical: ReadonlyArray<string>
}

/**
 * The file's expiry: `lifetimeDays` after the start of the day the server started (UTC), so every
 * worker, started seconds apart, states the same date; each deploy renews it.
 */
export function securityTxtExpiry(startedAt: Date, lifetimeDays: number = securityTxtLifetimeDays): Date {
  const day = Date.UTC(startedAt.getUTCFullYear(), startedAt.getUTCMonth(), startedAt.getUTCDate())
  return new Date(day + lifetimeDays * 24 * 60 * 60 * 1000)
}

/** /.well-known/security.txt (RFC 9116): one field per line, CRLF-free plain text. */
export function securityTxt(input: SecurityTxtInput): string {
  return [
    ...input.contacts.map((contact) => `Contact: ${contact}`),
    `Expires: ${input.expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    `Preferred-Languages: ${input.languages.join(', ')}`,
    ...input.canonical.map((url) => `Canonical: ${url}`),
    '',
  ].join('\n')
}
