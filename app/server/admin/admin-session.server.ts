import { createHmac } from 'node:crypto'
import { dataDirKey } from '../platform/data-dir-key.server'
import { sameSecret } from '../platform/same-secret.server'

/**
 * The local admin's session tokens. /admin's page carries one (a meta tag, read by
 * /admin/session.js); every call of /admin/api/v1 must send it back. A page on another origin
 * cannot read /admin's HTML (no CORS), so it cannot obtain one: the token is what separates the
 * editor's tab from any other page or program that can reach the port.
 *
 * Signed with a key in DATA_DIR, made by whichever worker needs it first: every worker of the
 * cluster checks the tokens of every other, and a restart does not log the editor out.
 */

/** How long a token is valid: an editor's working day, with room. */
export const sessionLifetimeMs = 16 * 60 * 60 * 1000

/** The signing key in `dataDir` (every worker reads the same one). */
const sessionKey = (dataDir: string): Buffer => dataDirKey(dataDir, 'admin-session.key')

const signature = (key: Buffer, issued: string) => createHmac('sha256', key).update(`admin-session.${issued}`).digest('base64url')

/** A new token, valid for `sessionLifetimeMs` from `now`. */
export function issueSessionToken(dataDir: string, now = Date.now()): string {
  const issued = now.toString(36)
  return `${issued}.${signature(sessionKey(dataDir), issued)}`
}

/** Whether a token was issued here (by any worker) and is still valid at `now`. */
export function isSessionToken(token: string | null, dataDir: string, now = Date.now()): boolean {
  const match = /^([0-9a-z]{1,12})\.([\w-]{43})$/.exec(token ?? '')
  if (!match?.[1] || !match[2]) return false
  const issued = Number.parseInt(match[1], 36)
  if (!(issued <= now && now - issued < sessionLifetimeMs)) return false
  return sameSecret(match[2], signature(sessionKey(dataDir), match[1]))
}
