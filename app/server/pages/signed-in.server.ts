import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { constants } from '../../../app.config'
import { cookieValue } from '../../i18n/language-cookie'
import { cmsKnowsToken } from '../cms-client/client.server'

/**
 * Who is signed in, for the page cache: only a visitor whose auth cookie the CMS knows gets a
 * page of their own. Any cookie can be sent, so the mere name (`Cookie: auth_token=x`) must not
 * turn a cached page into a render per request. A visitor whose token is not known
 * is an anonymous visitor: the shared page, and a render without the cookie (so it can be stored).
 * Asking the CMS is bounded (ADR 027): a flood of made-up tokens costs at most `checkLimit`
 * CMS reads at a time, a few hundred bytes of memory per remembered token, and no waiting for
 * the requests beyond the bound (they are anonymous at once).
 */

/** Longer than any real token (a JWT with claims is well under 1 KB): anonymous without asking. */
export const maxTokenLength = 2048
/** RFC 6750's b64token (JWTs and opaque tokens alike); anything else is no token the CMS issued. */
const tokenPattern = /^[A-Za-z0-9\-._~+/]+=*$/

/** CMS checks of tokens at a time (all clients), and per client: past either, anonymous. */
export const checkLimit = 8
export const checkShare = 2

/**
 * The CMS's clear verdicts (it answered 2xx, or 401/403), for a while: a signed-in visitor asks
 * for many pages. Keyed by the token's SHA-256, so an entry is small whatever the cookie held.
 */
const verdicts = new LRUCache<string, boolean>({ max: 10_000, ttl: 5 * 60_000 })
/** Checks under way, so concurrent requests with one token share one CMS read. */
const pending = new Map<string, Promise<boolean | undefined>>()
const pendingPerClient = new Map<string, number>()

/**
 * Whether the request may carry the auth cookie under any spelling a parser might accept
 * (`auth_token =x`, upper case, twice): such a request is never stored as it is.
 */
export function mayBeSignedIn(cookies: string | null): boolean {
  return cookies !== null && cookies.toLowerCase().includes(constants.authCookie.name)
}

/**
 * Whether the request's auth cookie (as Start reads it) holds a token the CMS knows. `client`
 * (rateLimitKey of the address) is whose share of the checks the first request of a token takes.
 */
export async function isSignedIn(cookies: string | null, client: string): Promise<boolean> {
  return (await signedInToken(cookies, client)) !== undefined
}

/** The request's auth token when the CMS knows it (isSignedIn), else undefined: what a CMS read may forward. */
export async function signedInToken(cookies: string | null, client: string): Promise<string | undefined> {
  const token = cookieValue(cookies, constants.authCookie.name)
  if (!token || token.length > maxTokenLength || !tokenPattern.test(token)) return undefined
  return (await knownToCms(token, client)) ? token : undefined
}

async function knownToCms(token: string, client: string): Promise<boolean> {
  const key = createHash('sha256').update(token).digest('hex')
  const known = verdicts.get(key)
  if (known !== undefined) return known
  const underway = pending.get(key)
  if (underway) return (await underway) === true
  const held = pendingPerClient.get(client) ?? 0
  // Too many checks under way: this request is anonymous, and nothing is remembered.
  if (pending.size >= checkLimit || held >= checkShare) return false
  pendingPerClient.set(client, held + 1)
  const check = cmsKnowsToken(token)
  pending.set(key, check)
  try {
    const verdict = await check
    // Only a clear answer is kept: after a timeout or an outage the next request asks again.
    if (verdict !== undefined) verdicts.set(key, verdict)
    return verdict === true
  } finally {
    pending.delete(key)
    const left = (pendingPerClient.get(client) ?? 1) - 1
    if (left > 0) pendingPerClient.set(client, left)
    else pendingPerClient.delete(client)
  }
}

/** The Cookie header without any pair that might be read as the auth cookie; null when nothing is left. */
export function withoutAuthCookie(cookies: string): string | null {
  const kept = cookies
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair && !mayBeSignedIn(pair))
  return kept.length > 0 ? kept.join('; ') : null
}
