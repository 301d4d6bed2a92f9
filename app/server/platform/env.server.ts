import * as v from 'valibot'
import { languages, localeCodes, type Locale } from '../../../app.config'
import { osmAttribution } from '../../locations/static-map'
import { adminSettings, siteAdminProblems } from './admin-settings.server'

/**
 * The server's settings, read from the environment and validated with valibot the first time
 * they are needed (a bad value stops the start with a message naming the variable). Server
 * only: the names, defaults and messages of the settings stay out of browser chunks.
 */

/** `code=origin` pairs for the site's own language codes. */
const localeDomain = `(?:${localeCodes.join('|')})=https?:\\/\\/[^,\\s]+`
const localeDomainsPattern = new RegExp(`^${localeDomain}(?:,${localeDomain})*$`)

const booleanFromEnv = v.pipe(
  v.optional(v.picklist(['0', '1', 'true', 'false']), 'false'),
  v.transform((s) => s === '1' || s === 'true'),
)

const urlFromEnv = v.pipe(v.string(), v.url('must be an absolute URL, e.g. https://example.com'))

/** LOG_LEVEL on its own: the logger reads it before (and even when) the rest of the settings are valid. */
export const logLevelSchema = v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info')

/**
 * The longest contact submissions (and their notification mail) are kept, in days: what the
 * privacy page promises ("at most 365 days", content/pages/privacy.yaml). CONTACT_RETENTION_DAYS
 * may shorten it, never lengthen it; a test ties the page's number to this one (docs/decisions/036).
 */
export const maxRetentionDays = 365

/** Environment variables the server reads, with their defaults. */
export const runtimeConfigSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number)), '3000'),
  /** Unset: http://localhost:<PORT> (parseRuntimeConfig), for a server tried on this machine. */
  SITE_URL: v.optional(urlFromEnv, 'http://localhost:3000'),
  /** Remote CMS GraphQL endpoint; unset = the embedded CMS, in-process. */
  CMS_GRAPHQL_URL: v.optional(urlFromEnv),
  /**
   * Write key for CMS mutations over HTTP: a server with it accepts mutations on /graphql, a site
   * with it sends it (as a Bearer token) to its remote CMS. Set the same value on both.
   */
  EMBEDDED_CMS_WRITE_KEY: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** Folder of the embedded CMS's content files. */
  CONTENT_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), 'content'),
  /**
   * Whether each worker watches CONTENT_DIR for changed files (inotify). "off" for instances that
   * share one content volume (NFS, EFS, a ReadWriteMany volume): a watch there sees only this
   * machine's writes, and the admin's writes reach every instance as an announcement (ADR 107).
   */
  CONTENT_WATCH: v.optional(v.picklist(['on', 'off']), 'on'),
  SENTRY_DSN: v.optional(urlFromEnv),
  GTM_ID: v.optional(v.pipe(v.string(), v.regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX'))),
  /** Where Google Tag Manager's script is loaded from (after consent). */
  GTM_SCRIPT_URL: v.optional(urlFromEnv, 'https://www.googletagmanager.com/gtm.js'),
  /** Map tiles for the locations map ({z}/{x}/{y} template) and their required attribution. */
  TILE_URL: v.optional(v.pipe(v.string(), v.startsWith('https://')), 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_ATTRIBUTION: v.optional(v.string(), osmAttribution),
  /**
   * Which proxies in front of the server may tell the client's address (X-Forwarded-For):
   * a hop count ("1": one proxy such as a load balancer; "true" means 1, "false" 0) or a
   * comma list of proxy addresses/ranges ("loopback", "10.0.0.0/8"). The client is the
   * right-most address that is not a trusted proxy (proxy-addr semantics).
   */
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(?:true|false|\d{1,2}|(?:loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(?:\/\d{1,3})?)(?:\s*,\s*(?:loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(?:\/\d{1,3})?))*)$/,
        'must be a hop count (e.g. 1) or a list of proxy addresses/ranges (e.g. loopback,10.0.0.0/8)',
      ),
      v.transform((s): number | string[] => {
        if (s === 'true') return 1
        if (s === 'false') return 0
        if (/^\d+$/.test(s)) return Number(s)
        return s.split(',').map((part) => part.trim())
      }),
    ),
    '0',
  ),
  /**
   * Extra host names this server answers for, besides those of SITE_URL and LOCALE_DOMAINS
   * (comma list, e.g. "www.example.com,example.com"). Other Host headers get 421.
   */
  ALLOWED_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[a-z0-9.-]+(?::\d{1,5})?(?:,[a-z0-9.-]+(?::\d{1,5})?)*$/i, 'must be a comma list of host names'),
      v.transform((s) => s.split(',').map((host) => host.toLowerCase())),
    ),
  ),
  /** Seconds a CMS result is fresh; afterwards it is served stale while one refresh runs (and kept if the CMS fails). */
  CMS_CACHE_TTL: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a number of seconds'), v.transform(Number)), '60'),
  /** Milliseconds a CMS request may take before it counts as failed (remote CMS). */
  CMS_TIMEOUT_MS: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{1,5}$/, 'must be a number of milliseconds (10-999999)'), v.transform(Number)),
    '3000',
  ),
  /** GraphQL introspection on /graphql: off in production unless enabled (on in `npm run dev`). */
  GRAPHQL_INTROSPECTION: booleanFromEnv,
  /**
   * Optional own domain per language, e.g. "de=https://www.autogroep-horizon.de,fr=https://www.autogroep-horizon.fr".
   * Languages without one use SITE_URL (a console warning says so at start-up).
   */
  LOCALE_DOMAINS: v.optional(
    v.pipe(
      v.string(),
      v.regex(localeDomainsPattern, 'must look like de=https://example.de,fr=https://example.fr'),
      v.transform((s) => {
        const domains: Partial<Record<Locale, string>> = {}
        for (const pair of s.split(',')) {
          const [code, url] = pair.split('=')
          const language = languages.find((l) => l.code === code)
          if (language && url) domains[language.code] = new URL(url).origin
        }
        return domains
      }),
    ),
  ),
  /** SMTP server for contact notifications, e.g. smtp://user:pass@mail.example.com:587. Unset: no e-mail. */
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  /** Who receives contact notifications, and the sender address. */
  CONTACT_NOTIFY_TO: v.optional(v.pipe(v.string(), v.email()), 'info@autogroep-horizon.example'),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.email()), 'website@autogroep-horizon.example'),
  /** Folder for the SQLite database (contact submissions, used captcha challenges). */
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), 'data'),
  /** Folder for resized images (/media/_/…), shared by the workers (and by instances on one volume). Unset: DATA_DIR/media-variants. */
  MEDIA_VARIANTS_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** PostgreSQL instead of SQLite, for several machines: postgres://user:pass@host:5432/db. */
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'))),
  /** Redis or Valkey, for several machines: shared contact rate limits and cache purges. redis://host:6379. */
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\//, 'must start with redis:// or rediss://'))),
  /** Which captcha the contact form uses: self-hosted ALTCHA (default) or Cloudflare Turnstile. */
  CAPTCHA_PROVIDER: v.optional(v.picklist(['altcha', 'turnstile']), 'altcha'),
  TURNSTILE_SITE_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  TURNSTILE_SECRET: v.optional(v.pipe(v.string(), v.minLength(1))),
  TURNSTILE_VERIFY_URL: v.optional(urlFromEnv, 'https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  TURNSTILE_SCRIPT_URL: v.optional(urlFromEnv, 'https://challenges.cloudflare.com/turnstile/v0/api.js'),
  /** Secret that signs captcha challenges. Unset: a random one kept in the database. */
  ALTCHA_HMAC_KEY: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /**
   * Strict-Transport-Security: "auto" sends it when SITE_URL is https, "on" always (TLS ends at a
   * proxy that rewrites the URL), "off" never (a host that sets it itself).
   */
  HSTS: v.optional(v.picklist(['auto', 'on', 'off']), 'auto'),
  /** Full-page cache for anonymous HTML: seconds a page is fresh; 0 turns the page cache off. */
  PAGE_CACHE_TTL: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a number of seconds'), v.transform(Number)), '60'),
  /** Seconds after that in which a stale page is still served while it is rendered anew. */
  PAGE_CACHE_SWR: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'must be a number of seconds'), v.transform(Number)), '600'),
  /** Memory bound of the page cache in megabytes (least recently used pages go first). */
  PAGE_CACHE_MAX_MB: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a number of megabytes'), v.transform(Number)), '64'),
  /** Pages rendered at the same time; more wait in line (up to 1000, then 503). Rendering is CPU work. */
  RENDER_CONCURRENCY: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,2}$/, 'must be a number from 1 to 999'), v.transform(Number)), '4'),
  /**
   * Milliseconds a page render or a server function call may take, waiting for a render slot
   * included, before it is answered with a 503 (and its render slot given back). Above
   * CMS_TIMEOUT_MS: a slow CMS fails first, with its own answer.
   */
  HANDLER_TIMEOUT_MS: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{2,5}$/, 'must be a number of milliseconds (100-999999)'), v.transform(Number)),
    '15000',
  ),
  /**
   * Secret for POST /api/cache/purge (a CMS publish webhook sends it as a Bearer token).
   * Unset: the purge endpoint is off.
   */
  CACHE_PURGE_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /**
   * Shared caches in front (Varnish with ops/varnish/site.vcl), comma list of their addresses:
   * each gets `BAN /` whenever this server's content changes (an edited content file, the purge
   * endpoint). Unset: nothing is sent.
   */
  CACHE_BAN_URLS: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^https?:\/\/[^,\s]+(?:,https?:\/\/[^,\s]+)*$/,
        'must be a comma list of http:// or https:// addresses, e.g. http://127.0.0.1:6081',
      ),
      v.transform((s) => s.split(',')),
      // Each must be a URL `new URL` takes: a bad one would otherwise fail at every content change.
      v.check((urls) => urls.every((url) => URL.canParse(url)), 'must be a comma list of valid addresses, e.g. http://127.0.0.1:6081'),
    ),
  ),
  /**
   * Secret for preview mode: /api/preview?secret=…&path=… sets a signed cookie under which
   * drafts are shown (docs/content.md). Unset: preview is off (404). A site reading a remote
   * CMS and that CMS must share it (the site signs X-Preview-Token with it, the CMS verifies it).
   */
  PREVIEW_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** Secret for GET /metrics (Prometheus sends it as a Bearer token). Unset: the metrics endpoint is off (404). */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /**
   * /.well-known/security.txt (RFC 9116): where security researchers report a problem, a comma
   * list of mailto:, https: or tel: URIs, and the languages the reports may be written in.
   */
  SECURITY_CONTACT: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(?:mailto:[^,\s]+|https:\/\/[^,\s]+|tel:[^,\s]+)(?:,(?:mailto:[^,\s]+|https:\/\/[^,\s]+|tel:[^,\s]+))*$/,
        'must be a comma list of mailto:, https:// or tel: URIs',
      ),
      v.transform((s) => s.split(',')),
    ),
    'mailto:security@autogroep-horizon.example',
  ),
  SECURITY_LANGUAGES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]+)*(?:,\s*[a-z]{2,3}(?:-[A-Za-z0-9]+)*)*$/, 'must be a comma list of language tags, e.g. nl, en'),
      v.transform((s) => s.split(',').map((tag) => tag.trim())),
    ),
    'nl, en',
  ),
  /**
   * The editors' admin at /admin (Decap CMS, docs/content.md, ADR 035): "local" saves straight into
   * CONTENT_DIR through the site's own API, for a browser on this machine (the default of `npm run dev`);
   * "site" is the same API for editors anywhere, signed in through the company's OpenID Connect
   * provider (ADMIN_OIDC_*, roles, audit log: docs/operations.md, ADR 100). Unset: no admin (404),
   * except in `npm run dev`.
   */
  CMS_ADMIN: v.optional(v.picklist(['local', 'site'])),
  ...adminSettings,
  /** Least severe log level written (JSON lines on stdout; readable text when stdout is a terminal). */
  LOG_LEVEL: logLevelSchema,
  /**
   * Days a contact submission, its queued or sent notification and a dead letter are kept; older
   * ones are deleted automatically (app/embedded-cms/submissions/retention.server.ts).
   */
  CONTACT_RETENTION_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, `must be a number of days from 1 to ${maxRetentionDays}`),
      v.transform(Number),
      v.minValue(1, `must be a number of days from 1 to ${maxRetentionDays}`),
      v.maxValue(maxRetentionDays, `must be at most ${maxRetentionDays} days: the privacy page promises no longer`),
    ),
    String(maxRetentionDays),
  ),
  /** Contact submissions allowed per client IP and window, e.g. "5/600" (5 per 600 s). */
  CONTACT_RATE_LIMIT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+\/\d+$/, 'must look like 5/600 (count/seconds)'),
      v.transform((s) => {
        const [max = '5', seconds = '600'] = s.split('/')
        return { max: Number(max), windowMs: Number(seconds) * 1000 }
      }),
    ),
    '5/600',
  ),
})

export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema> & {
  /** SITE_URL was not set: it is http://localhost:<PORT>, and any loopback name is allowed (allowed-hosts.server.ts). */
  readonly siteUrlFromPort: boolean
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Variables whose value is a secret (or holds credentials): never echoed in an error message. */
const secretName = /SECRET|KEY|PASSWORD|TOKEN|DSN|SMTP_URL|DATABASE_URL|REDIS_URL/

/** Validates an environment record; throws a ConfigError naming every bad variable (never a secret's value). */
export function parseRuntimeConfig(env: Record<string, string | undefined>): RuntimeConfig {
  const input: Record<string, string> = {}
  for (const key of Object.keys(runtimeConfigSchema.entries)) {
    const value = env[key]
    // An empty variable means "not set", as in most deployment tools.
    if (value !== undefined && value !== '') input[key] = value
  }
  // Without SITE_URL the site is tried on this machine: on the port it listens on, not 3000.
  const siteUrlFromPort = input.SITE_URL === undefined
  if (siteUrlFromPort && /^\d{1,5}$/.test(input.PORT ?? '')) input.SITE_URL = `http://localhost:${input.PORT}`
  const result = v.safeParse(runtimeConfigSchema, input)
  if (result.success) {
    const problems = siteAdminProblems(result.output, siteUrlFromPort)
    if (problems.length === 0) return { ...result.output, siteUrlFromPort }
    throw new ConfigError(`Invalid environment configuration:\n  ${problems.join('\n  ')}`)
  }
  const problems = result.issues.map((issue) => {
    const name = v.getDotPath(issue) ?? '(environment)'
    const got = secretName.test(name) ? '(value hidden)' : JSON.stringify(issue.input)
    return `${name}: ${issue.message} (got ${got})`
  })
  throw new ConfigError(`Invalid environment configuration:\n  ${problems.join('\n  ')}`)
}

let cached: RuntimeConfig | undefined
/** Server-only: the validated runtime configuration, read once. */
export function getRuntimeConfig(): RuntimeConfig {
  cached ??= parseRuntimeConfig(process.env)
  return cached
}

/** Languages that have no own domain while others do (each gets a console warning at start-up). */
export function localesWithoutDomain(config: RuntimeConfig): Locale[] {
  const domains = config.LOCALE_DOMAINS
  if (!domains || Object.keys(domains).length === 0) return []
  return localeCodes.filter((code) => !domains[code])
}

/** How /admin saves: into CONTENT_DIR, for this machine (local) or for signed-in editors (site), or not at all. */
export type AdminMode = 'local' | 'site' | 'off'

/**
 * The admin's mode. The local backend writes content files for anyone who reaches it, so it
 * runs only when asked for (CMS_ADMIN=local) or in development; NODE_ENV=production without
 * CMS_ADMIN=local never runs it, whatever the build.
 */
export function adminMode(
  config: Pick<RuntimeConfig, 'CMS_ADMIN' | 'CMS_GRAPHQL_URL'>,
  dev: boolean,
  nodeEnv: string | undefined,
): AdminMode {
  if (config.CMS_ADMIN) return config.CMS_ADMIN
  // The local backend edits the embedded CMS's folder: a site reading a remote CMS has none to edit.
  return dev && nodeEnv !== 'production' && !config.CMS_GRAPHQL_URL ? 'local' : 'off'
}
