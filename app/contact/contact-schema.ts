/**
 * The contact form's rules, shared by the form (TanStack Form validators) and
 * the server function. Messages are codes; the form shows them localized.
 */
import * as v from 'valibot'
import { localeCodes } from '../../app.config'

export const contactLimits = { nameMax: 100, emailMax: 254, messageMax: 5000 } as const

export type ContactErrorCode = 'required' | 'tooLong' | 'invalidEmail' | 'invalidCharacters'

/** Letters of any script, marks, spaces, apostrophes, hyphens, dots: no control characters or markup. */
const nameCharacters = /^[\p{L}\p{M}\p{Zs}'’.-]+$/u

/**
 * No C0/C1 control other than tab and line feed (a CR only as part of CRLF: alone it rewrites a
 * terminal line), no bidi override or isolate (text shown in another order than stored), no
 * deprecated format character (U+206A–206F), no half of a surrogate pair (not text at all).
 * Checked before trimming, so a control at either end is refused too, not quietly cut off.
 */
const noControls =
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point here
  /^(?:[^\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u206F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF]|\r\n)*$/

const name = v.pipe(
  v.string('required'),
  v.regex(noControls, 'invalidCharacters'),
  v.trim(),
  v.nonEmpty('required'),
  v.maxLength(contactLimits.nameMax, 'tooLong'),
  v.regex(nameCharacters, 'invalidCharacters'),
)

export const contactFieldsSchema = v.object({
  firstName: name,
  surName: name,
  email: v.pipe(
    v.string('required'),
    v.regex(noControls, 'invalidCharacters'),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(contactLimits.emailMax, 'tooLong'),
    v.email('invalidEmail'),
  ),
  message: v.pipe(
    v.string('required'),
    v.regex(noControls, 'invalidCharacters'),
    // A form post sends line breaks as CRLF; one form of line break is stored.
    v.transform((text) => text.replace(/\r\n/g, '\n')),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(contactLimits.messageMax, 'tooLong'),
  ),
})

export type ContactFields = v.InferOutput<typeof contactFieldsSchema>

/** What the browser sends: the fields plus bot protection and an idempotency key. */
export const contactSubmissionSchema = v.object({
  ...contactFieldsSchema.entries,
  locale: v.picklist(localeCodes),
  /** Honeypot: a field people never see; bots fill it in. */
  website: v.optional(v.string(), ''),
  /** ALTCHA payload (base64 JSON) or Turnstile token: printable ASCII only. */
  captcha: v.pipe(v.string(), v.maxLength(10_000), v.regex(/^[\x21-\x7e]*$/)),
  /** Generated once per form fill in the browser; a double submit stores once. */
  idempotencyKey: v.pipe(v.string(), v.uuid()),
})

export type ContactSubmission = v.InferOutput<typeof contactSubmissionSchema>

export type ContactResult =
  | { ok: true; firstName: string }
  | { ok: false; reason: 'invalid' | 'captcha' | 'rateLimited' | 'error'; fields?: Partial<Record<keyof ContactFields, ContactErrorCode>> }

/** One error per field: the first rule that fails. */
export const firstIssueOnly = { abortPipeEarly: true } as const

/** Validates one field; returns its error code or undefined. */
export function fieldError(field: keyof ContactFields, value: unknown): ContactErrorCode | undefined {
  const result = v.safeParse(contactFieldsSchema.entries[field], value, firstIssueOnly)
  if (result.success) return undefined
  const message = result.issues[0]?.message ?? 'required'
  return isContactErrorCode(message) ? message : 'required'
}

export function isContactErrorCode(value: string): value is ContactErrorCode {
  return value === 'required' || value === 'tooLong' || value === 'invalidEmail' || value === 'invalidCharacters'
}
