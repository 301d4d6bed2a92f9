import { createMiddleware } from '@tanstack/react-start'
import { noteContactRefusal } from '../server/contact/refusals.server'
import { undecodableServerFnCall } from '../server/pages/server-fn-payloads.server'

/** A server function call that does not decode to plain data gets 400 (server-fn-payloads.server.ts), a made-up id 404. */
export const rejectUndecodableServerFnCalls = createMiddleware({ type: 'request' }).server(
  async ({ request, next, handlerType, context }) => {
    if (handlerType !== 'serverFn') return next()
    const problem = await undecodableServerFnCall(request)
    // The only POST server function is the contact form's: its refusals are logged and counted with the others.
    if (problem && request.method === 'POST') noteContactRefusal('malformed', context.requestId)
    if (problem) return Response.json({ error: problem }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
    try {
      return await next()
    } catch (error) {
      // A made-up function id: Start throws a plain error (a 500) where this is a 404.
      if (error instanceof Error && error.message.startsWith('Server function info not found')) {
        return Response.json({ error: 'Unknown server function' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
      }
      throw error
    }
  },
)
