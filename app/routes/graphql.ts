import { createFileRoute } from '@tanstack/react-router'
import { RenderSlots } from '../server/render-slots'
import { methodNotAllowed } from '../server/request-guard.server'
import { getOperationAST } from 'graphql'
import { getRuntimeConfig } from '../server/env.server'
import { boundedParse } from '../embedded-cms/graphql-limits'
import { hasBearer } from '../server/bearer.server'

/**
 * Mutations change data (contact submissions). Over HTTP they are only for a
 * site that holds EMBEDDED_CMS_WRITE_KEY; visitors reach them only through the
 * contact form's server function, behind its validation, captcha and rate limit.
 */
function isUnauthorizedMutation(request: Request, text: string): boolean {
  const key = getRuntimeConfig().EMBEDDED_CMS_WRITE_KEY
  if (key && hasBearer(request, key)) return false
  try {
    const body: unknown = JSON.parse(text)
    const query = typeof body === 'object' && body !== null ? Reflect.get(body, 'query') : undefined
    const operationName = typeof body === 'object' && body !== null ? Reflect.get(body, 'operationName') : undefined
    if (typeof query !== 'string') return false
    const operation = getOperationAST(boundedParse(query), typeof operationName === 'string' ? operationName : undefined)
    return operation?.operation === 'mutation'
  } catch {
    // Not JSON or not GraphQL: the handler answers with the proper 400.
    return false
  }
}

/**
 * Outside callers (another site instance, tools) at a time; more wait briefly, then 503. The
 * site's own renders call the handler in-process and are bounded by their render slots.
 */
const callers = new RenderSlots(4, 64)

/** The embedded CMS's handler; a site that reads a remote CMS (CMS_GRAPHQL_URL) serves none. */
async function embeddedHandler(): Promise<((request: Request) => Promise<Response>) | undefined> {
  if (getRuntimeConfig().CMS_GRAPHQL_URL) return undefined
  return (await import('../embedded-cms/index.server')).embeddedGraphqlHandler
}

const noCms = () => Response.json({ errors: [{ message: 'This site serves no CMS' }] }, { status: 404 })

async function answer(handle: (handler: (request: Request) => Promise<Response>) => Promise<Response>): Promise<Response> {
  const handler = await embeddedHandler()
  if (!handler) return noCms()
  const release = await callers.acquire()
  if (!release)
    return Response.json({ errors: [{ message: 'Too busy, try again shortly' }] }, { status: 503, headers: { 'Retry-After': '2' } })
  try {
    return await handle(handler)
  } finally {
    release()
  }
}

/** The embedded CMS over GraphQL over HTTP (POST JSON: operationName, variables, query). */
export const Route = createFileRoute('/graphql')({
  server: {
    handlers: {
      POST: async ({ request }) => {
        // The whole body first (at most 64 KB, server entry): a caller that sends it slowly must
        // not hold one of the few slots while it trickles in.
        const text = await request.text()
        return answer(async (handler) => {
          if (isUnauthorizedMutation(request, text)) {
            return Response.json({ errors: [{ message: 'Mutations need the CMS write key' }] }, { status: 403 })
          }
          return handler(new Request(request.url, { method: 'POST', headers: request.headers, body: text }))
        })
      },
      // GET never runs mutations (GraphQL over HTTP).
      GET: ({ request }) => answer((handler) => handler(request)),
      ANY: () => methodNotAllowed('GET, POST'),
    },
  },
})
