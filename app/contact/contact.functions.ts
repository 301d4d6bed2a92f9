import { createServerFn, getGlobalStartContext } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { acceptContactSubmission } from '../server/contact/submit.server'
import type { ContactResult } from './contact-schema'

/**
 * The contact form's call with JavaScript (POST, CSRF-checked by the start middleware). The
 * same checks answer a plain form post (app/server/contact/form-post.server.ts): one path.
 */
export const submitContact = createServerFn({ method: 'POST' })
  // Parsed in the handler, so bad input is a 400 with field codes, not a thrown validation error.
  .validator((input: unknown) => input)
  .handler(async ({ data }): Promise<ContactResult> => {
    // Worked out once per request by the server entry (TRUST_PROXY decides which forwarded addresses count).
    const context = getGlobalStartContext()
    const { status, result } = await acceptContactSubmission(data, { ip: context?.clientIp ?? 'unknown', requestId: context?.requestId })
    if (status !== 200) setResponseStatus(status)
    return result
  })
