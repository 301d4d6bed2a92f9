import { createFileRoute } from '@tanstack/react-router'
import { RenderSlots } from '../server/pages/render-slots'
import { methodNotAllowed } from '../server/http/request-guard.server'
import { getOperationAST } from 'graphql'
import { getRuntimeConfig } from '../server/platform/env.server'
import { hasBearer } from '../server/http/bearer.server'

/**
 * Mutations change data (contact submissions). Over HTTP they are only for a
 * site that holds EMBEDDED_CMS_WRITE_KEY; visitors reach them only through the
 * contact form's server function, behind its validation, captcha and rate limit.
 */
function isUnauthorizedMutation(request: Request, text: string, cms: EmbeddedCms): boolean {
  const key = getRuntimeConfig().EMBEDDED_CMS_WRITE_KEY
  if (key && hasBearer(request, key)) return false
  try {
    const body: unknown = JSON.parse(text)
    const query = typeof body === 'object' && body !== null ? Reflect.get(body, 'query') : undefined
    const operationName = typeof body === 'object' && body !== null ? Reflect.get(body, 'operationName') : undefined
    if (typeof query !== 'string') return false
    const operation = getOperationAST(cms.boundedParse(query), typeof operationName === 'string' ? operationName : undefined)
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

type EmbeddedCms = typeof import('../embedded-cms/index.server')

/** The embedded CMS (its one door, loaded on first use); a site that reads a remote CMS (CMS_GRAPHQL_URL) serves none. */
async function embeddedCms(): Promise<EmbeddedCms | undefined> {
  if (getRuntimeConfig().CMS_GRAPHQL_URL) return undefined
  return import('../embedded-cms/index.server')
}

const noCms = () => Response.json({ errors: [{ message: 'This site serves no CMS' }] }, { status: 404 })

async function answer(handle: (cms: EmbeddedCms) => Promise<Response>): Promise<Response> {
  const cms = await embeddedCms()
  if (!cms) return noCms()
  const release = await callers.acquire()
  if (!release)
    return Response.json({ errors: [{ message: 'Too busy, try again shortly' }] }, { status: 503, headers: { 'Retry-After': '2' } })
  try {
    return await handle(cms)
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
        return answer(async (cms) => {
          if (isUnauthorizedMutation(request, text, cms)) {
            return Response.json({ errors: [{ message: 'Mutations need the CMS write key' }] }, { status: 403 })
          }
          return cms.embeddedGraphqlHandler(new Request(request.url, { method: 'POST', headers: request.headers, body: text }))
        })
      },
      // GET never runs mutations (GraphQL over HTTP).
      GET: ({ request }) => answer((cms) => cms.embeddedGraphqlHandler(request)),
      ANY: () => methodNotAllowed('GET, POST'),
    },
  },
})
