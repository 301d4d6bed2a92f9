import { createHmac } from 'node:crypto'
import { resolve } from 'node:path'
import { dataDirKey } from '../server/platform/data-dir-key.server'
import { adminMode, getRuntimeConfig } from '../server/platform/env.server'
import { sameSecret } from '../server/platform/same-secret.server'

/**
 * The preview token of the site's CMS contract (app/cms/schema.graphql): what a site sends its
 * CMS as X-Preview-Token for an editor in preview (`<expiry>.<signature>`, minutes long), and
 * how the CMS checks it. Only a server that holds PREVIEW_SECRET can make one, so the public
 * /graphql serves drafts to the site itself and to sites sharing the secret (the remote-CMS
 * setup), never to a copied cookie. Shared by the site (app/server/cms-client/preview.server.ts makes
 * it after checking the editor's cookie) and the embedded CMS (graphql-handler.server.ts checks
 * it), so neither reaches into the other (docs/decisions/082).
 */

export const previewHeader = 'X-Preview-Token'
/** With a preview token: the id of an editor's unsaved values to lay over the content (ADR 099). */
export const overlayHeader = 'X-Preview-Overlay'

/**
 * The secret previews are signed with: PREVIEW_SECRET, or with the admin (local, ADR 099, or
 * signed-in editors, ADR 108) a secret of the data folder, so the editor's session enters preview
 * mode without a secret being set or typed. Instances that do not share DATA_DIR set the same
 * PREVIEW_SECRET (docs/operations.md). Undefined: preview is off.
 */
export function previewSecret(): string | undefined {
  const config = getRuntimeConfig()
  if (config.PREVIEW_SECRET) return config.PREVIEW_SECRET
  if (adminMode(config, import.meta.env.DEV, process.env.NODE_ENV) === 'off') return undefined
  try {
    return dataDirKey(resolve(process.cwd(), config.DATA_DIR), 'preview-secret.key').toString('base64url')
  } catch {
    // The key is being made by another worker: no preview for this one request.
    return undefined
  }
}
/** How long a token sent to the CMS is good for: one request's worth, with room for clock skew. */
export const cmsPreviewTokenSeconds = 5 * 60

/** The HMAC every preview token is signed with (the editor's cookie too, with another purpose). */
export const previewSignature = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('base64url')

/** The token the site sends its CMS for an editor whose cookie expires at `cookieExpires` (Unix seconds). */
export function createCmsPreviewToken(secret: string, cookieExpires: number, now = Date.now()): string {
  const expires = Math.min(cookieExpires, Math.floor(now / 1000) + cmsPreviewTokenSeconds)
  return `${expires}.${previewSignature(secret, `cms-preview:${expires}`)}`
}

/** Whether an X-Preview-Token is one a site holding `secret` made for its CMS, unexpired. */
export function isValidCmsPreviewToken(token: string | null | undefined, secret: string | undefined, now = Date.now()): boolean {
  if (!token || !secret) return false
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token)
  if (!match?.[1] || !match[2]) return false
  const expires = Number(match[1])
  if (expires * 1000 <= now) return false
  return sameSecret(match[2], previewSignature(secret, `cms-preview:${expires}`))
}
