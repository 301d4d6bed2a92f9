import { createHash } from 'node:crypto'
import type { RuntimeConfig } from '../platform/env.server'
import { bytesOfHtml } from './page-bytes'

/** Script elements without src; group 1 the attributes, group 2 the text (raw text: no entities). */
const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** Types a browser never executes (data blocks such as JSON-LD): CSP does not apply to them. */
function isDataBlock(attributes: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
  return type !== undefined && type !== 'module' && !/^(?:text|application)\/(?:java|ecma)script$/.test(type)
}

/** 128 random bits, base64url: the marker one render stamps on the scripts it emits. */
export function createRenderMarker(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Buffer.from(bytes).toString('base64url')
}

/**
 * The CSP source expression ('sha256-…') of every executable inline script in an HTML page
 * that carries the render's marker (`nonce="<marker>"`, stamped by the router), in order of
 * first appearance. A script without it (markup injected through content) gets no hash and
 * does not run. Computed once per rendered page: the page is then fixed bytes (cacheable,
 * compressible once, servable by a CDN), unlike a per-response nonce. `html` is held as the
 * server holds pages: its UTF-8 bytes, one character per byte (page-bytes.ts).
 */
export function inlineScriptHashes(html: string, marker: string): string[] {
  return [...new Set(inlineScriptTexts(html, marker).map(scriptSource))]
}

/** The texts of the inline scripts `inlineScriptHashes` hashes, in order. */
export function inlineScriptTexts(html: string, marker: string): string[] {
  const texts: string[] = []
  const stamped = `nonce="${marker}"`
  for (const [, attributes = '', text = ''] of html.matchAll(inlineScript)) {
    if (!attributes.includes(stamped) || /\bsrc\s*=/i.test(attributes) || isDataBlock(attributes)) continue
    texts.push(text)
  }
  return texts
}

/** The CSP source expression of one inline script's text, held as page HTML is (page-bytes.ts): the hash is of its UTF-8 bytes. */
export function scriptSource(text: string): string {
  return `'sha256-${createHash('sha256').update(bytesOfHtml(text)).digest('base64')}'`
}

/** Origin of a URL template such as https://{s}.tile.example.org/{z}/{x}/{y}.png, with {s} as a wildcard subdomain. */
export function templateOrigin(template: string): string {
  const url = new URL(template.replace(/\{s\}/g, 'x-subdomain-x').replace(/\{[a-z]+\}/gi, '0'))
  return url.origin.replace('x-subdomain-x', '*')
}

function originOf(url: string | undefined): string | undefined {
  return url ? new URL(url).origin : undefined
}

function directive(name: string, sources: ReadonlyArray<string | undefined>): string {
  const list = [...new Set(sources.filter((s): s is string => Boolean(s)))]
  return `${name} ${list.length ? list.join(' ') : "'none'"}`
}

/**
 * The policy for an HTML page: scripts only from this origin or inline with one of
 * the page's own hashes (no 'unsafe-inline', no 'unsafe-eval'), and only the outside
 * hosts the configuration actually uses: map tiles, the captcha provider,
 * Sentry, Google Tag Manager (loaded after consent) and a remote CMS's images.
 *
 * Styles allow 'unsafe-inline': React renders style attributes and the map
 * library and captcha widget add inline styles; CSS cannot run script.
 */
export function contentSecurityPolicy(config: RuntimeConfig, scriptHashes: ReadonlyArray<string>): string {
  const gtm = config.GTM_ID ? originOf(config.GTM_SCRIPT_URL) : undefined
  const turnstile = config.CAPTCHA_PROVIDER === 'turnstile' ? originOf(config.TURNSTILE_SCRIPT_URL) : undefined
  const sentry = originOf(config.SENTRY_DSN)
  const cms = originOf(config.CMS_GRAPHQL_URL)
  const https = new URL(config.SITE_URL).protocol === 'https:'
  return [
    "default-src 'self'",
    directive('script-src', ["'self'", ...scriptHashes, gtm, turnstile]),
    directive('style-src', ["'self'", "'unsafe-inline'"]),
    directive('img-src', ["'self'", 'data:', templateOrigin(config.TILE_URL), cms, gtm]),
    directive('font-src', ["'self'"]),
    directive('connect-src', ["'self'", sentry, gtm]),
    directive('frame-src', [turnstile]),
    // The captcha solver and Sentry's replay compression run in workers built from blobs.
    directive('worker-src', ["'self'", 'blob:']),
    directive('manifest-src', ["'self'"]),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

/**
 * The policy of /admin alone (ADR 035): Decap CMS is a prebuilt bundle that evaluates code
 * ('unsafe-eval': its YAML and schema libraries compile functions) and reads its files and
 * images through blob: URLs. It talks to this site only (its API, either admin mode).
 * Every other response keeps the page and non-document policies above.
 */
export function adminContentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // blob: and data:: Decap reads an upload back through its object URL before it saves it.
    "connect-src 'self' blob: data:",
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ')
}

/** For responses that are not pages (JSON, XML, text): nothing may load, nothing may frame them. */
const nonDocumentPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

function hstsEnabled(config: RuntimeConfig): boolean {
  if (config.HSTS === 'auto') return new URL(config.SITE_URL).protocol === 'https:'
  return config.HSTS === 'on'
}

/**
 * Headers every response carries; with script hashes, the page policy for an HTML
 * response, otherwise the locked-down one.
 */
export function securityHeaders(config: RuntimeConfig, scriptHashes?: ReadonlyArray<string>): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': scriptHashes ? contentSecurityPolicy(config, scriptHashes) : nonDocumentPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Geolocation for this origin only: the locations list's "near me", asked for on a click.
    'Permissions-Policy':
      'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // For old browsers; frame-ancestors in the policy is the modern equivalent.
    'X-Frame-Options': 'DENY',
  }
  if (hstsEnabled(config)) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  return headers
}
