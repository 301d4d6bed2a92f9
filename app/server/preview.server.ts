import { createHmac } from 'node:crypto'
import { constants } from '../../app.config'
import { cookieValue } from '../i18n/language-cookie'
import { getRuntimeConfig } from './env.server'
import { sameSecret } from './same-secret.server'

/**
 * Preview mode: an editor who knows PREVIEW_SECRET gets a signed, expiring cookie; under it
 * the CMS also serves drafts (`draft: true`), pages are rendered for that visitor alone
 * (`private, no-store`, never from or into the page cache) and show a "Preview" bar.
 * The cookie's value is the token itself (`<expiry>.<signature>`): the site forwards it to
 * the CMS as the X-Preview-Token header, and the CMS checks it with the same secret, so a
 * header alone, without the secret, never shows a draft.
 */

export const previewCookieName = constants.previewCookie.name
export const previewHeader = 'X-Preview-Token'
/** How long a preview lasts after it was entered (the cookie and the token expire together). */
export const previewMaxAgeSeconds = 2 * 60 * 60

function signature(secret: string, expires: number): string {
  return createHmac('sha256', secret).update(`preview:${expires}`).digest('base64url')
}

/** A preview token valid for `previewMaxAgeSeconds` from `now` (ms). */
export function createPreviewToken(secret: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + previewMaxAgeSeconds
  return `${expires}.${signature(secret, expires)}`
}

/** Whether `token` was signed with `secret` and has not expired; compared in constant time. */
export function isValidPreviewToken(token: string | null | undefined, secret: string | undefined, now = Date.now()): boolean {
  if (!token || !secret) return false
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token)
  if (!match?.[1] || !match[2]) return false
  const expires = Number(match[1])
  if (expires * 1000 <= now) return false
  return sameSecret(match[2], signature(secret, expires))
}

/** The request's preview token when it is a valid one (PREVIEW_SECRET set, signed, not expired). */
export function previewTokenOf(cookies: string | null): string | undefined {
  const token = cookieValue(cookies, previewCookieName)
  return isValidPreviewToken(token, getRuntimeConfig().PREVIEW_SECRET) ? token : undefined
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
