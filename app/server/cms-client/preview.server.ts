import { randomBytes } from 'node:crypto'
import { serializeCookie } from 'cookie-es'
import { constants } from '../../../app.config'
import { createCmsPreviewToken, previewSecret, previewSignature as sign } from '../../cms/preview-token.server'
import { cookieValue } from '../../i18n/language-cookie'
import { databaseWith, type Schema } from '../platform/db.server'
import { getRuntimeConfig } from '../platform/env.server'
import { logger } from '../platform/logger.server'
import { sameSecret } from '../platform/same-secret.server'

/**
 * Preview mode: an editor who knows PREVIEW_SECRET gets a signed, expiring cookie; under it
 * the CMS also serves drafts (`draft: true`), pages are rendered for that visitor alone
 * (`private, no-store`, never from or into the page cache) and show a "Preview" bar.
 *
 * Two tokens, never the same (docs/decisions/080-previews-end-when-the-editor-leaves.md):
 * - The editor's cookie (`<id>.<expiry>.<signature>`): leaving preview revokes its id in the
 *   database, so the cookie is dead for every worker and instance on it, wherever it was copied.
 * - What the site sends its CMS as X-Preview-Token (`<expiry>.<signature>`, another purpose,
 *   minutes long), made only after the cookie was checked (revocation included). Only a server
 *   that holds PREVIEW_SECRET can make one, so the public /graphql serves drafts to the site
 *   itself and to sites sharing the secret (the remote-CMS setup), never to a copied cookie.
 */

export const previewCookieName = constants.previewCookie.name
/** How long a preview lasts after it was entered (the cookie and the token expire together). */
export const previewMaxAgeSeconds = 2 * 60 * 60

/** A new editor's preview token (the cookie's value), valid for `previewMaxAgeSeconds` from `now` (ms). */
export function createPreviewToken(secret: string, now = Date.now()): string {
  const id = randomBytes(16).toString('base64url')
  const expires = Math.floor(now / 1000) + previewMaxAgeSeconds
  return `${id}.${expires}.${sign(secret, `preview:${id}:${expires}`)}`
}

/** A cookie token's id and expiry (Unix seconds) when it was signed with `secret` and has not expired. */
export function signedPreviewToken(
  token: string | null | undefined,
  secret: string | undefined,
  now = Date.now(),
): { id: string; expires: number } | undefined {
  if (!token || !secret) return undefined
  const match = /^([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/.exec(token)
  if (!match?.[1] || !match[2] || !match[3]) return undefined
  const id = match[1]
  const expires = Number(match[2])
  if (expires * 1000 <= now) return undefined
  return sameSecret(match[3], sign(secret, `preview:${id}:${expires}`)) ? { id, expires } : undefined
}

/** Revoked cookie ids, kept until the cookie would have expired anyway. */
export const previewSchema: Schema = {
  name: 'preview',
  steps: [
    {
      sqlite: `CREATE TABLE IF NOT EXISTS preview_revoked (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
               CREATE INDEX IF NOT EXISTS preview_revoked_expires_at ON preview_revoked (expires_at)`,
      postgres: `CREATE TABLE IF NOT EXISTS preview_revoked (id TEXT PRIMARY KEY, expires_at BIGINT NOT NULL);
                 CREATE INDEX IF NOT EXISTS preview_revoked_expires_at ON preview_revoked (expires_at)`,
    },
  ],
}

/**
 * Ends the preview of the cookie in `cookies`, for good: its id is revoked in the database
 * (shared by every worker; by every instance on PostgreSQL). Nothing to do for no or a bad cookie.
 */
export async function revokePreview(cookies: string | null, now = Date.now()): Promise<void> {
  const signed = signedPreviewToken(cookieValue(cookies, previewCookieName), previewSecret(), now)
  if (!signed) return
  const sql = await databaseWith(previewSchema)
  await sql.query('DELETE FROM preview_revoked WHERE expires_at < $1', [now])
  await sql.query('INSERT INTO preview_revoked (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [
    signed.id,
    signed.expires * 1000,
  ])
}

/** Whether a preview token's id was revoked (leaving preview), in the database every worker shares. */
async function isRevoked(id: string): Promise<boolean> {
  const sql = await databaseWith(previewSchema)
  return (await sql.query('SELECT 1 FROM preview_revoked WHERE id = $1', [id])).length > 0
}

/** The Set-Cookie that removes the preview cookie: on leaving preview, and when a revoked one comes back. */
export function clearedPreviewCookie(): string {
  return serializeCookie(previewCookieName, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: new URL(getRuntimeConfig().SITE_URL).protocol === 'https:',
    path: '/',
    maxAge: 0,
  })
}

/**
 * Whether the request's preview cookie is signed and unexpired but revoked (the editor left
 * preview in another tab, or a copy of the cookie): it is then cleared, so that browser gets the
 * shared, cached pages again instead of private ones until the cookie expires.
 */
export async function hasRevokedPreviewCookie(cookies: string | null, now = Date.now()): Promise<boolean> {
  const signed = signedPreviewToken(cookieValue(cookies, previewCookieName), previewSecret(), now)
  if (!signed) return false
  try {
    return await isRevoked(signed.id)
  } catch {
    // Not readable now: the cookie stays, and the page stays private.
    return false
  }
}

/**
 * Whether the request's cookies hold a signed, unexpired preview token. No database read: for
 * decisions where a revoked one costs nothing (it only keeps a page out of the shared cache).
 */
export function hasSignedPreviewCookie(cookies: string | null): boolean {
  return signedPreviewToken(cookieValue(cookies, previewCookieName), previewSecret()) !== undefined
}

/**
 * The token to send the CMS when this request is in preview: its cookie signed, unexpired and
 * not revoked. When the revocations cannot be read, no preview (drafts stay hidden).
 */
export async function cmsPreviewTokenOf(cookies: string | null, now = Date.now()): Promise<string | undefined> {
  const secret = previewSecret()
  const signed = signedPreviewToken(cookieValue(cookies, previewCookieName), secret, now)
  if (!signed || !secret) return undefined
  try {
    if (await isRevoked(signed.id)) return undefined
  } catch (error) {
    logger.warn({ err: error }, '[preview] revocations not readable: showing published content')
    return undefined
  }
  return createCmsPreviewToken(secret, signed.expires, now)
}

/**
 * A path on this site to go to after entering or leaving preview: root-relative and nothing
 * else (`//evil.example` or `/\evil` would leave the site), `/` when missing or unsafe. It
 * arrives decoded (`?path=/de/%C3%BCber-uns` is `/de/über-uns`) or still encoded, and leaves
 * as the URL parser writes it: percent-encoded ASCII, as a Location header must be, with
 * escapes already there kept as they are. Control characters make it unsafe.
 */
export function safeReturnPath(path: string | null): string {
  if (!path || !/^\/(?![/\\])[^\s\\\p{Cc}]*$/u.test(path)) return '/'
  const url = new URL(path, 'http://site.invalid')
  const target = `${url.pathname}${url.search}${url.hash}`
  // Dot segments are resolved: `/.//evil.example` would become `//evil.example`.
  return url.host === 'site.invalid' && !target.startsWith('//') ? target : '/'
}
