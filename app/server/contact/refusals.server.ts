import type { ContactFieldErrors } from '../../contact/contact-schema'
import { logger } from '../platform/logger.server'
import { contactRefusals } from '../platform/metrics.server'

/**
 * Why a contact submission was refused. The status alone does not say (400 is a field, an
 * unknown location, the honeypot or an unreadable form; 403 the captcha or another site's post).
 */
export const contactRefusalReasons = ['invalid', 'unknown_location', 'honeypot', 'captcha', 'rate_limited', 'csrf', 'malformed'] as const
export type ContactRefusalReason = (typeof contactRefusalReasons)[number]

// Every reason from zero: a first refusal then shows as an increase (rate() needs a series before it).
for (const reason of contactRefusalReasons) contactRefusals.inc({ reason }, 0)

/**
 * One info line and one count per refused submission. Never what was typed: only the reason,
 * the request id and, for invalid fields, their names and error codes.
 */
export function noteContactRefusal(reason: ContactRefusalReason, requestId: string | undefined, fields?: ContactFieldErrors): void {
  contactRefusals.inc({ reason })
  logger.info(
    { reqId: requestId, reason, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}) },
    `[contact] submission refused: ${reason}`,
  )
}
