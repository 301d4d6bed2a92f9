import { createHmac, randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { contactFieldNames, contactLimits } from '../../contact/contact-schema'
import {
  blockIdPattern,
  contactFormField,
  thanksAnchorOf,
  thanksParam,
  type ContactPostState,
  type ContactValues,
} from '../../contact/form-post'
import { localeOfInternalPath, pathCodec } from '../../i18n/i18n'
import { logger } from '../logger.server'
import { pageRefusal } from '../page-refusal.server'
import { sameSecret } from '../same-secret.server'
import { signingSecret } from './captcha.server'
import { derivedIdempotencyKey } from './idempotency-key'
import { noteContactRefusal } from './refusals.server'
import { acceptContactSubmission, type SubmitterContext } from './submit.server'

/**
 * The contact form posted by the browser itself (its JavaScript not loaded yet, or failed): the
 * same checks as the server function (acceptContactSubmission), after the same CSRF check and
 * body limit (start.ts, server.ts). Stored → 303 to the thank-you (POST-redirect-GET);
 * refused → the page again with every value and the reason (`render`).
 */

/** Whether a request is a browser's form post (the only bodies a plain form sends). */
export function isFormPost(request: Request): boolean {
  if (request.method !== 'POST') return false
  const type = (request.headers.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase()
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data'
}

/** A posted text field; '' when absent or not text (a file). */
function text(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** The fields as the visitor typed them (a browser posts a textarea's line breaks as CRLF). */
export function postedValues(form: FormData): ContactValues {
  const values: ContactValues = { firstName: '', surName: '', email: '', phone: '', subject: '', location: '', message: '' }
  for (const name of contactFieldNames) values[name] = text(form, name).replace(/\r\n/g, '\n')
  return values
}

const uuidPattern = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i

/**
 * The idempotency key of a posted fill. The cached page cannot carry one (it is the same for
 * every visitor), so: the key a refused post's page handed out; else, with a captcha, one derived
 * from the captcha and the fill (the same post sent again stores once; the same captcha with
 * another text is a replay and refused); else a new one (nothing is stored without a captcha).
 */
export function idempotencyKeyOf(posted: string, captcha: string, fill: ReadonlyArray<string>): string {
  if (uuidPattern.test(posted)) return posted.toLowerCase()
  if (!captcha) return randomUUID()
  return derivedIdempotencyKey([captcha, ...fill])
}

/** How long the thank-you link shows the thank-you (then it is the plain page again). */
export const thanksLifetimeMs = 60 * 60 * 1000

async function thanksMac(payload: string): Promise<Buffer> {
  // A key of its own, derived from the site's secret: a captcha signature is never a valid link.
  const key = createHmac('sha256', await signingSecret())
    .update('contact-thanks')
    .digest()
  return createHmac('sha256', key).update(payload).digest()
}

/**
 * The thank-you link's token: which block thanks whom, until when, signed. Signed so that
 * nobody can make the site greet a made-up name; the name only is in it (no other field).
 */
export async function thanksToken(blockId: string, firstName: string, now = Date.now()): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ b: blockId, n: firstName, e: now + thanksLifetimeMs })).toString('base64url')
  return `${payload}.${(await thanksMac(payload)).toString('base64url')}`
}

const tokenPayload = v.object({
  b: v.pipe(v.string(), v.regex(blockIdPattern)),
  n: v.pipe(v.string(), v.maxLength(contactLimits.nameMax)),
  e: v.number(),
})

/** The thank-you a valid, unexpired token stands for; undefined for anything else (the page shows the form). */
export async function thanksStateOf(token: string, now = Date.now()): Promise<ContactPostState | undefined> {
  const [payload, mac, ...rest] = token.split('.')
  if (!payload || !mac || rest.length > 0 || token.length > 1000) return undefined
  let expected: Buffer
  try {
    expected = await thanksMac(payload)
  } catch (error) {
    // The secret is kept in the database: without it the page shows the form, not an error.
    logger.warn({ err: error }, '[contact] thank-you link not checked: no signing secret')
    return undefined
  }
  const given = Buffer.from(mac, 'base64url')
  if (!sameSecret(given, expected)) return undefined
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  const parsed = v.safeParse(tokenPayload, decoded)
  if (!parsed.success || parsed.output.e < now) return undefined
  return { kind: 'sent', blockId: parsed.output.b, firstName: parsed.output.n }
}

/** The thank-you state of a page request (`?sent=<token>`), if it carries a valid one. */
export function thanksStateOfUrl(url: URL): Promise<ContactPostState | undefined> {
  const token = url.searchParams.get(thanksParam)
  return token ? thanksStateOf(token) : Promise.resolve(undefined)
}

/** Renders the posted page in a state, with the status the submission got. */
export type RenderPosted = (state: ContactPostState, status: number) => Promise<Response>

/** Answers a browser's form post to a page (see the top of this file). */
export async function answerContactFormPost(request: Request, submitter: SubmitterContext, render: RenderPosted): Promise<Response> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    noteContactRefusal('malformed', submitter.requestId)
    return pageRefusal(400, new URL(request.url))
  }
  const blockId = text(form, contactFormField)
  // Only the contact form posts to pages; any other post is what it was before: not allowed.
  const url = new URL(request.url)
  if (!blockIdPattern.test(blockId)) return pageRefusal(405, url, { Allow: 'GET, HEAD' })

  // The page's language is the submission's (the one the visitor read the form in).
  const locale = localeOfInternalPath(pathCodec.toInternal(url.pathname))
  const values = postedValues(form)
  // ALTCHA's widget names its field `altcha`, Turnstile's is `captcha` (AltchaWidget, TurnstileWidget).
  const captcha = text(form, 'altcha') || text(form, 'captcha')
  const idempotencyKey = idempotencyKeyOf(text(form, 'idempotencyKey'), captcha, [locale, ...contactFieldNames.map((name) => values[name])])
  const { status, result } = await acceptContactSubmission(
    { ...values, locale, website: text(form, 'website'), captcha, idempotencyKey },
    submitter,
  )
  if (!result.ok)
    return render({ kind: 'refused', blockId, reason: result.reason, values, fields: result.fields ?? {}, idempotencyKey }, status)

  const thanks: ContactPostState = { kind: 'sent', blockId, firstName: result.firstName }
  let token: string
  try {
    token = await thanksToken(blockId, result.firstName)
  } catch (error) {
    // Stored already: without a signed link, the thank-you is this answer itself.
    logger.warn({ err: error, reqId: submitter.requestId }, '[contact] no thank-you link: no signing secret')
    return render(thanks, 200)
  }
  // The fragment takes the visitor to the thank-you, not the top of the page.
  return new Response(null, {
    status: 303,
    headers: { Location: `${url.pathname}?${thanksParam}=${token}#${thanksAnchorOf(blockId)}`, 'Cache-Control': 'no-store' },
  })
}
