import { createServerOnlyFn } from '@tanstack/react-start'
import { noteContactRefusal } from '../server/contact/refusals.server'

/**
 * The CSRF check's answer (start.ts) to a post from another site. The only POST server function
 * and the only post to a page are the contact form's: such a refusal is a refused submission,
 * logged and counted with the others (a cross-site GET of a server function is not).
 */
export const refuseCrossSiteRequest = createServerOnlyFn(({ request, context }: { request: Request; context: { requestId?: string } }) => {
  if (request.method === 'POST') noteContactRefusal('csrf', context.requestId)
  return new Response('Forbidden', { status: 403, headers: { 'Cache-Control': 'no-store' } })
})
