import { randomUUID } from 'node:crypto'
import { contactFieldNames } from '../../contact/contact-schema'
import {
  blockIdPattern,
  contactFormField,
  thanksAnchorOf,
  thanksParam,
  type ContactPostState,
  type ContactValues,
} from '../../contact/form-post'
import { localeOfInternalPath, pathCodec } from '../../i18n/i18n'
import { logger } from '../platform/logger.server'
import { pageRefusal } from '../pages/page-refusal.server'
import { derivedIdempotencyKey } from './idempotency-key'
import { noteContactRefusal } from './refusals.server'
import { acceptContactSubmission, type SubmitterContext } from './submit.server'
import { rememberThanks, thanksOf, type Thanks } from './thanks.server'

/**
 * The contact form posted by the browser itself (its JavaScript not loaded yet, or failed): the
 * same checks as the server function (acceptContactSubmission), after the same CSRF check and
 * body limit (start.ts, server.ts). Stored → 303 to the thank-you (POST-redirect-GET, its URL
 * holding a random reference only: thanks.server.ts);
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

/**
 * The thank-you state of a page request (`?sent=<reference>`), if it carries a live reference.
 * The name comes from the database (thanks.server.ts), never from the URL.
 */
export async function thanksStateOfUrl(url: URL): Promise<ContactPostState | undefined> {
  const reference = url.searchParams.get(thanksParam)
  if (!reference) return undefined
  let thanks: Thanks | undefined
  try {
    thanks = await thanksOf(reference)
  } catch (error) {
    // Without the database the page shows the form, not an error.
    logger.warn({ err: error }, '[contact] thank-you link not checked: database unavailable')
    return undefined
  }
  return thanks && { kind: 'sent', ...thanks }
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

  const thanks: Extract<ContactPostState, { kind: 'sent' }> = { kind: 'sent', blockId, firstName: result.firstName }
  let reference: string
  try {
    reference = await rememberThanks(thanks)
  } catch (error) {
    // Stored already: without a thank-you link, the thank-you is this answer itself.
    logger.warn({ err: error, reqId: submitter.requestId }, '[contact] no thank-you link: database unavailable')
    return render(thanks, 200)
  }
  // The fragment takes the visitor to the thank-you, not the top of the page.
  return new Response(null, {
    status: 303,
    headers: { Location: `${url.pathname}?${thanksParam}=${reference}#${thanksAnchorOf(blockId)}`, 'Cache-Control': 'no-store' },
  })
}
