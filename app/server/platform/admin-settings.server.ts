import * as v from 'valibot'

/**
 * The settings of the admin's site mode (CMS_ADMIN=site, ADR 100 and 101): the company's OpenID
 * Connect provider, who gets which role, how long a session lasts, how long the audit log keeps.
 * Part of the one runtime configuration (env.server.ts spreads them into its schema).
 */

/** Host names a test provider or a site tried on this machine may use over plain http. */
const loopbackHost = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/

/** Whether an address is https, or http on this machine (a provider or site in a test). */
export function isSecureOrLoopback(address: string): boolean {
  const url = new URL(address)
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHost.test(url.hostname))
}

const commaList = (what: string) =>
  v.pipe(
    v.string(),
    v.regex(/^[^,\s][^,]*(?:,[^,]+)*$/, `must be a comma list of ${what}`),
    v.transform((s) => s.split(',').map((item) => item.trim())),
  )

const count = (pattern: RegExp, message: string) => v.pipe(v.string(), v.regex(pattern, message), v.transform(Number))

export const adminSettings = {
  /** The provider's issuer, e.g. https://login.microsoftonline.com/<tenant>/v2.0 (discovery is read from it). */
  ADMIN_OIDC_ISSUER: v.optional(
    v.pipe(
      v.string(),
      v.url('must be an absolute URL, e.g. https://accounts.google.com'),
      v.check(isSecureOrLoopback, 'must be an https:// address (http:// only on this machine)'),
    ),
  ),
  /** The site's client (application) id at the provider. */
  ADMIN_OIDC_CLIENT_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** The client secret; the code exchange also carries PKCE. */
  ADMIN_OIDC_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** The ID token or userinfo claim that lists the person's groups (Entra ID: group object ids). */
  ADMIN_OIDC_GROUPS_CLAIM: v.optional(v.pipe(v.string(), v.regex(/^[\w:./-]{1,100}$/, 'must be a claim name')), 'groups'),
  /** Groups whose members are editors (create and change drafts). */
  ADMIN_EDITOR_GROUPS: v.optional(commaList('group names or ids')),
  /** Groups whose members are publishers (what editors do, and publish, unpublish, delete, restore). */
  ADMIN_PUBLISHER_GROUPS: v.optional(commaList('group names or ids')),
  /**
   * People by e-mail address, for a provider without a groups claim (Google Workspace):
   * "anna@example.com=publisher,ben@example.com=editor". Above the groups when both name someone.
   */
  ADMIN_ROLES: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^[^=,\s]+@[^=,\s]+=(?:editor|publisher)(?:\s*,\s*[^=,\s]+@[^=,\s]+=(?:editor|publisher))*$/,
        'must look like anna@example.com=publisher,ben@example.com=editor',
      ),
      v.transform(
        (s) =>
          new Map(
            s.split(',').map((pair): [string, 'editor' | 'publisher'] => {
              const [email = '', role] = pair.trim().split('=')
              return [email.toLowerCase(), role === 'publisher' ? 'publisher' : 'editor']
            }),
          ),
      ),
    ),
  ),
  /** Minutes without a call after which a session ends (the editor signs in again). */
  ADMIN_SESSION_IDLE_MINUTES: v.optional(count(/^[1-9]\d{0,3}$/, 'must be a number of minutes from 1 to 9999'), '60'),
  /** Hours after sign-in at which a session ends however busy it is. */
  ADMIN_SESSION_MAX_HOURS: v.optional(count(/^[1-9]\d{0,2}$/, 'must be a number of hours from 1 to 999'), '12'),
  /** Days the admin's audit log keeps an event; older ones are deleted. */
  ADMIN_AUDIT_RETENTION_DAYS: v.optional(count(/^[1-9]\d{0,4}$/, 'must be a number of days from 1 to 99999'), '400'),
}

const adminSettingsSchema = v.object(adminSettings)
type AdminSettings = v.InferOutput<typeof adminSettingsSchema>

/** What the site mode cannot do without: each missing or unusable setting named. */
export function siteAdminProblems(
  config: AdminSettings & { CMS_ADMIN?: string; SITE_URL: string; CMS_GRAPHQL_URL?: string },
  siteUrlFromPort: boolean,
): string[] {
  if (config.CMS_ADMIN !== 'site') return []
  const problems = (
    [
      ['ADMIN_OIDC_ISSUER', config.ADMIN_OIDC_ISSUER],
      ['ADMIN_OIDC_CLIENT_ID', config.ADMIN_OIDC_CLIENT_ID],
      ['ADMIN_OIDC_CLIENT_SECRET', config.ADMIN_OIDC_CLIENT_SECRET],
    ] as const
  )
    .filter(([, value]) => value === undefined)
    .map(([name]) => `${name}: required with CMS_ADMIN=site`)
  if (!config.ADMIN_EDITOR_GROUPS && !config.ADMIN_PUBLISHER_GROUPS && !config.ADMIN_ROLES)
    problems.push('ADMIN_ROLES: with CMS_ADMIN=site, ADMIN_ROLES or ADMIN_EDITOR_GROUPS/ADMIN_PUBLISHER_GROUPS must give someone a role')
  // The provider sends the editor back to SITE_URL, and the session cookie is Secure.
  if (siteUrlFromPort) problems.push('SITE_URL: required with CMS_ADMIN=site (the provider sends editors back to it)')
  else if (!isSecureOrLoopback(config.SITE_URL))
    problems.push('SITE_URL: must be https:// with CMS_ADMIN=site (the session cookie is Secure)')
  if (config.CMS_GRAPHQL_URL) problems.push('CMS_GRAPHQL_URL: CMS_ADMIN=site edits the embedded CMS, a site reading a remote CMS has none')
  return problems
}
