import { createServerFn, getGlobalStartContext } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { isoOf } from '../../app.config'
import { getRuntimeConfig } from '../server/env.server'
import { cms } from '../server/cms/operations.server'
import { verifyCaptcha } from '../server/contact/captcha.server'
import { databaseRateLimiter, rateLimitKey, redisRateLimiter, type RateLimiter } from '../server/contact/rate-limit.server'
import { logger } from '../server/logger.server'
import { redisClient } from '../server/redis.server'
import { reportServerError } from '../server/sentry.server'
import { contactSubmissionSchema, firstIssueOnly, isContactErrorCode, type ContactResult } from './contact-schema'

let limiter: RateLimiter | undefined

function rateLimiter(): RateLimiter {
  const { max, windowMs } = getRuntimeConfig().CONTACT_RATE_LIMIT
  // Redis when configured (every instance shares it), else the database (every worker shares it).
  const redis = redisClient()
  limiter ??= redis ? redisRateLimiter(redis, max, windowMs) : databaseRateLimiter(max, windowMs)
  return limiter
}

function fail(status: number, result: ContactResult): ContactResult {
  setResponseStatus(status)
  return result
}

/**
 * The contact form's one way in (POST, CSRF-checked by the start middleware):
 * validation → honeypot → captcha → rate limit → CMS mutation (stored before
 * we answer). Every rejection is a 4xx with a reason the form shows localized.
 */
export const submitContact = createServerFn({ method: 'POST' })
  // Parsed in the handler, so bad input is a 400 with field codes, not a thrown validation error.
  .validator((input: unknown) => input)
  .handler(async ({ data }): Promise<ContactResult> => {
    const parsed = v.safeParse(contactSubmissionSchema, data, firstIssueOnly)
    if (!parsed.success) {
      const codes: NonNullable<Extract<ContactResult, { ok: false }>['fields']> = {}
      for (const issue of parsed.issues) {
        const key = v.getDotPath(issue)
        if ((key === 'firstName' || key === 'surName' || key === 'email' || key === 'message') && isContactErrorCode(issue.message)) {
          codes[key] = issue.message
        }
      }
      return fail(400, { ok: false, reason: 'invalid', fields: codes })
    }
    const submission = parsed.output
    // A filled honeypot is a bot: refuse without saying why.
    if (submission.website !== '') return fail(400, { ok: false, reason: 'invalid' })
    // Worked out once per request by the server entry (TRUST_PROXY decides which forwarded addresses count).
    const context = getGlobalStartContext()
    const ip = context?.clientIp ?? 'unknown'
    const requestId = context?.requestId
    let solved: boolean
    try {
      solved = await verifyCaptcha(submission.captcha, ip, submission.idempotencyKey)
    } catch (error) {
      // The replay store could not be written: a storage failure, not the visitor's fault.
      logger.error({ err: error, reqId: requestId }, '[contact] captcha replay store failed')
      reportServerError(error, requestId)
      return fail(503, { ok: false, reason: 'error' })
    }
    if (!solved) return fail(403, { ok: false, reason: 'captcha' })
    let allowed: boolean
    try {
      allowed = await rateLimiter().consume(rateLimitKey(ip))
    } catch (error) {
      logger.error({ err: error, reqId: requestId }, '[contact] rate limit store failed')
      reportServerError(error, requestId)
      return fail(503, { ok: false, reason: 'error' })
    }
    if (!allowed) return fail(429, { ok: false, reason: 'rateLimited' })

    const locale = isoOf(submission.locale)
    try {
      await cms.submitContactForm({
        input: {
          firstName: submission.firstName,
          surName: submission.surName,
          email: submission.email,
          message: submission.message,
          locale,
          idempotencyKey: submission.idempotencyKey,
        },
      })
    } catch (error) {
      logger.error({ err: error, reqId: requestId }, '[contact] could not store a submission')
      reportServerError(error, requestId)
      return fail(503, { ok: false, reason: 'error' })
    }
    return { ok: true, firstName: submission.firstName }
  })
