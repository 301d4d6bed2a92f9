import { LRUCache } from 'lru-cache'
import { constants } from '../../app.config'
import { cookieValue } from '../i18n/language-cookie'
import { cmsKnowsToken } from './cms/client.server'

/**
 * Who is signed in, for the page cache: only a visitor whose auth cookie the CMS knows gets a
 * page of their own. Any cookie can be sent, so the mere name (`Cookie: auth_token=x`) must not
 * turn a cached page into a render per request (issue 30). A visitor whose token is not known
 * is an anonymous visitor: the shared page, and a render without the cookie (so it can be stored).
 */

/** The CMS's verdict per token, for a while: a signed-in visitor asks for many pages. */
const verdicts = new LRUCache<string, Promise<boolean>>({ max: 10_000, ttl: 5 * 60_000 })

/**
 * Whether the request may carry the auth cookie under any spelling a parser might accept
 * (`auth_token =x`, upper case, twice): such a request is never stored as it is.
 */
export function mayBeSignedIn(cookies: string | null): boolean {
  return cookies !== null && cookies.toLowerCase().includes(constants.authCookie.name)
}

/** Whether the request's auth cookie (as Start reads it) holds a token the CMS knows. */
export async function isSignedIn(cookies: string | null): Promise<boolean> {
  const token = cookieValue(cookies, constants.authCookie.name)
  if (!token) return false
  let verdict = verdicts.get(token)
  if (!verdict) {
    verdict = cmsKnowsToken(token)
    verdicts.set(token, verdict)
  }
  return verdict
}

/** The Cookie header without any pair that might be read as the auth cookie; null when nothing is left. */
export function withoutAuthCookie(cookies: string): string | null {
  const kept = cookies
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair && !mayBeSignedIn(pair))
  return kept.length > 0 ? kept.join('; ') : null
}
