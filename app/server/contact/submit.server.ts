import * as v from 'valibot'
import { isoOf } from '../../../app.config'
import {
  contactSubmissionSchema,
  firstIssueOnly,
  isContactErrorCode,
  isContactField,
  type ContactFieldErrors,
  type ContactResult,
  type ContactSubmission,
} from '../../contact/contact-schema'
import { getRuntimeConfig } from '../platform/env.server'
import { cms } from '../cms-client/operations.server'
import { logger } from '../platform/logger.server'
import { contactSubmissions } from '../platform/metrics.server'
import { redisClient } from '../platform/redis.server'
import { reportServerError } from '../platform/sentry.server'
import { verifyCaptcha } from './captcha.server'
import { derivedIdempotencyKey } from './idempotency-key'
import { noteContactRefusal, type ContactRefusalReason } from './refusals.server'
import { rateLimitKey } from '../http/client-key'
import { databaseRateLimiter, fallingBackRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limit.server'

let limiter: RateLimiter | undefined

async function rateLimiter(): Promise<RateLimiter> {
  const { max, windowMs } = getRuntimeConfig().CONTACT_RATE_LIMIT
  // Redis when configured (every instance shares it), else, or while it is away, the database
  // (every worker shares it).
  const redis = await redisClient()
  limiter ??= redis
    ? fallingBackRateLimiter(redisRateLimiter(redis, max, windowMs), databaseRateLimiter(max, windowMs))
    : databaseRateLimiter(max, windowMs)
  return limiter
}

/** A submission's answer: the HTTP status and what the form shows. */
export interface ContactOutcome {
  status: number
  result: ContactResult
}

/** Who sent it: the client address (TRUST_PROXY applied by the server entry) and the request id for logs. */
export interface SubmitterContext {
  ip: string
  requestId: string | undefined
}

type Refusal = Extract<ContactResult, { ok: false }>

/** A refusal for the visitor, logged and counted with why (the visitor's reason may hide it: the honeypot). */
function refused(status: number, result: Refusal, why: ContactRefusalReason, requestId: string | undefined): ContactOutcome {
  noteContactRefusal(why, requestId, result.fields)
  return { status, result }
}

/** A storage or CMS failure: logged and reported, the visitor is told to try again later (nothing typed is lost). */
function unavailable(error: unknown, what: string, requestId: string | undefined): ContactOutcome {
  logger.error({ err: error, reqId: requestId }, `[contact] ${what}`)
  reportServerError(error, requestId)
  contactSubmissions.inc({ outcome: 'failed' })
  return { status: 503, result: { ok: false, reason: 'error' } }
}

/**
 * Whether the chosen location is one the CMS has (its list may have changed since the page was
 * rendered). Throws when the CMS cannot be read: the submission could not be stored either.
 */
async function isKnownLocation(id: string, submission: ContactSubmission): Promise<boolean> {
  const { readLocations } = await cms.readLocationOptions({ locale: isoOf(submission.locale) })
  return readLocations.some((location) => location.id === id)
}

/**
 * The contact form's one way in, for the server function (the form with JavaScript) and the
 * plain form post (without): validation → honeypot → captcha → rate limit → the CMS mutation
 * (stored before we answer). Every refusal is a 4xx with a reason the form shows localized;
 * a storage failure is a 503. CSRF and body limits are checked before this, alike for both.
 */
export async function acceptContactSubmission(data: unknown, { ip, requestId }: SubmitterContext): Promise<ContactOutcome> {
  const parsed = v.safeParse(contactSubmissionSchema, data, firstIssueOnly)
  if (!parsed.success) {
    const fields: ContactFieldErrors = {}
    for (const issue of parsed.issues) {
      const key = v.getDotPath(issue)
      if (key !== null && isContactField(key) && isContactErrorCode(issue.message)) fields[key] = issue.message
    }
    return refused(400, { ok: false, reason: 'invalid', fields }, 'invalid', requestId)
  }
  const submission = parsed.output
  if (submission.location !== '') {
    let known: boolean
    try {
      known = await isKnownLocation(submission.location, submission)
    } catch (error) {
      return unavailable(error, 'could not read the locations', requestId)
    }
    if (!known) return refused(400, { ok: false, reason: 'invalid', fields: { location: 'invalidOption' } }, 'unknown_location', requestId)
  }
  // A filled honeypot is a bot: refuse without saying why.
  if (submission.website !== '') return refused(400, { ok: false, reason: 'invalid' }, 'honeypot', requestId)
  let solved: boolean
  try {
    solved = await verifyCaptcha(submission.captcha, ip, submission.idempotencyKey)
  } catch (error) {
    // The replay store could not be written: a storage failure, not the visitor's fault.
    return unavailable(error, 'captcha replay store failed', requestId)
  }
  if (!solved) return refused(403, { ok: false, reason: 'captcha' }, 'captcha', requestId)
  let allowed: boolean
  try {
    allowed = await (await rateLimiter()).consume(rateLimitKey(ip))
  } catch (error) {
    return unavailable(error, 'rate limit store failed', requestId)
  }
  if (!allowed) return refused(429, { ok: false, reason: 'rateLimited' }, 'rate_limited', requestId)

  const input = {
    firstName: submission.firstName,
    surName: submission.surName,
    email: submission.email,
    message: submission.message,
    locale: isoOf(submission.locale),
    idempotencyKey: submission.idempotencyKey,
    // Optional fields only when given: a CMS that does not know them yet still takes the rest.
    ...(submission.phone ? { phone: submission.phone } : {}),
    ...(submission.location ? { locationId: submission.location } : {}),
    ...(submission.subject ? { subject: submission.subject } : {}),
  }
  try {
    let stored = (await cms.submitContactForm({ input })).submitContactForm.success
    if (!stored) {
      // The key was stored before with another text: a send whose answer was lost, then edited
      // and sent again (a form without JavaScript keeps the key its page handed out). The edit
      // is a submission of its own, under a key derived from both, so sending it again still
      // stores it once.
      logger.info({ reqId: requestId }, '[contact] idempotency key reused for another text: stored under a derived key')
      const idempotencyKey = derivedIdempotencyKey(['edit', submission.idempotencyKey, JSON.stringify(input)])
      stored = (await cms.submitContactForm({ input: { ...input, idempotencyKey } })).submitContactForm.success
    }
    if (!stored) return unavailable(new Error('The CMS stored nothing (success: false)'), 'could not store a submission', requestId)
  } catch (error) {
    return unavailable(error, 'could not store a submission', requestId)
  }
  contactSubmissions.inc({ outcome: 'stored' })
  return { status: 200, result: { ok: true, firstName: submission.firstName } }
}
