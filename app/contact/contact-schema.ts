/**
 * The contact form's rules, shared by the form (TanStack Form validators) and
 * the server function. Messages are codes; the form shows them localized.
 */
import * as v from 'valibot'
import { localeCodes } from '../../app.config'

export const contactLimits = { nameMax: 100, emailMax: 254, messageMax: 5000, phoneMax: 30 } as const

export type ContactErrorCode = 'required' | 'tooLong' | 'invalidEmail' | 'invalidCharacters' | 'invalidPhone' | 'invalidOption'

/** What the message is about (optional): routes it to the right desk. */
export const contactSubjects = ['sales', 'service', 'damage', 'other'] as const
export type ContactSubject = (typeof contactSubjects)[number]

/**
 * A location id as the CMS gives it (the embedded one: lowercase, digits, dashes), in a URL
 * (`?location=`) or a form post. Whether the location exists is the server's question.
 */
export const locationIdPattern = /^[\w.:-]{1,100}$/

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

/** Digits with the usual separators, an optional leading +, 6 to 20 digits: +31 30 123 45 67, (030) 123-4567. */
const phoneCharacters = /^\+?[\d ()./-]+$/

function isPhoneNumber(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length
  return phoneCharacters.test(phone) && digits >= 6 && digits <= 20
}

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
  // Optional fields: absent and empty are the same (''), a value is checked like the others.
  phone: v.optional(
    v.pipe(
      v.string('invalidPhone'),
      v.regex(noControls, 'invalidCharacters'),
      v.trim(),
      v.maxLength(contactLimits.phoneMax, 'tooLong'),
      v.check((phone) => phone === '' || isPhoneNumber(phone), 'invalidPhone'),
    ),
    '',
  ),
  location: v.optional(
    v.pipe(
      v.string('invalidOption'),
      v.trim(),
      v.check((id) => id === '' || locationIdPattern.test(id), 'invalidOption'),
    ),
    '',
  ),
  subject: v.optional(v.picklist(['', ...contactSubjects], 'invalidOption'), ''),
})

export type ContactFields = v.InferOutput<typeof contactFieldsSchema>
export type ContactField = keyof ContactFields

/** Every field, in the order the form shows them (the first invalid one gets the focus). */
export const contactFieldNames = [
  'firstName',
  'surName',
  'email',
  'phone',
  'subject',
  'location',
  'message',
] as const satisfies ReadonlyArray<ContactField>

/** The four the spec names: the rest is optional. */
export const requiredContactFields: ReadonlySet<ContactField> = new Set(['firstName', 'surName', 'email', 'message'])

export type ContactFieldErrors = Partial<Record<ContactField, ContactErrorCode>>

export function isContactField(value: string): value is ContactField {
  return contactFieldNames.some((name) => name === value)
}

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

export type ContactRefusal = 'invalid' | 'captcha' | 'rateLimited' | 'error'

export type ContactResult = { ok: true; firstName: string } | { ok: false; reason: ContactRefusal; fields?: ContactFieldErrors }

/** One error per field: the first rule that fails. */
export const firstIssueOnly = { abortPipeEarly: true } as const

/** Validates one field; returns its error code or undefined. */
export function fieldError(field: ContactField, value: unknown): ContactErrorCode | undefined {
  const result = v.safeParse(contactFieldsSchema.entries[field], value, firstIssueOnly)
  if (result.success) return undefined
  const message = result.issues[0]?.message ?? 'required'
  return isContactErrorCode(message) ? message : 'required'
}

export function isContactErrorCode(value: string): value is ContactErrorCode {
  return (
    value === 'required' ||
    value === 'tooLong' ||
    value === 'invalidEmail' ||
    value === 'invalidCharacters' ||
    value === 'invalidPhone' ||
    value === 'invalidOption'
  )
}

/** A location id from a URL (`?location=`): the id when it has an id's shape, else undefined (nothing preselected). */
export function locationIdOf(value: unknown): string | undefined {
  // The router reads an id of digits only (`?location=2000`) as a number.
  const id = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value
  return typeof id === 'string' && locationIdPattern.test(id) ? id : undefined
}
