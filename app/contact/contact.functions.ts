import { createServerFn, getGlobalStartContext } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { validInput } from '../errors/http-error'
import { acceptContactSubmission } from '../server/contact/submit.server'
import { isPlainRecord } from '../server/pages/plain-data'
import type { ContactResult } from './contact-schema'

/**
 * The contact form's call with JavaScript (POST, CSRF-checked by the start middleware). The
 * same checks answer a plain form post (app/server/contact/form-post.server.ts): one path.
 */
export const submitContact = createServerFn({ method: 'POST' })
  // Only the shape here: an object of plain fields (never a promise, which Start would wait on),
  // else a 400. The fields are parsed in the handler, so a bad field is a 400 with its code.
  .validator(validInput(v.custom<Record<string, unknown>>(isPlainRecord)))
  .handler(async ({ data }): Promise<ContactResult> => {
    // Worked out once per request by the server entry (TRUST_PROXY decides which forwarded addresses count).
    const context = getGlobalStartContext()
    const { status, result } = await acceptContactSubmission(data, { ip: context?.clientIp ?? 'unknown', requestId: context?.requestId })
    if (status !== 200) setResponseStatus(status)
    return result
  })
