import { createMiddleware, defaultSerovalDeserializerPlugins } from '@tanstack/react-start'
import { fromJSON, type SerovalJSON } from 'seroval'

/** The envelope Start's client sends (seroval's toJSON): a node tree, feature flags, marks. */
function isSerovalJson(value: unknown): value is SerovalJSON {
  if (typeof value !== 'object' || value === null) return false
  const t: unknown = Reflect.get(value, 't')
  return typeof t === 'object' && t !== null && typeof Reflect.get(value, 'f') === 'number' && Array.isArray(Reflect.get(value, 'm'))
}

/**
 * Why a server function call cannot be decoded (the caller's fault: 400), or undefined.
 * Start decodes inside its handler and answers any failure with a 500, so the same
 * decoding (seroval with the router's plugins) runs here first.
 */
async function undecodableServerFnCall(request: Request): Promise<string | undefined> {
  const contentType = request.headers.get('content-type') ?? ''
  if (request.method !== 'GET' && /multipart\/form-data|application\/x-www-form-urlencoded/.test(contentType)) {
    try {
      await request.clone().formData()
      return undefined
    } catch {
      return 'Malformed form data'
    }
  }
  let text: string | null = null
  if (request.method === 'GET') text = new URL(request.url).searchParams.get('payload')
  else if (contentType.includes('application/json')) text = await request.clone().text()
  if (text === null || (request.method === 'GET' && text === '')) return undefined
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return 'Malformed JSON'
  }
  if (!isSerovalJson(json)) return 'Malformed payload'
  try {
    // The router's own plugins are the ones a browser's call can use; the site's adapters only
    // serialize errors in responses.
    fromJSON(json, { plugins: defaultSerovalDeserializerPlugins })
    return undefined
  } catch {
    return 'Malformed payload'
  }
}

export const rejectUndecodableServerFnCalls = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  if (handlerType !== 'serverFn') return next()
  const problem = await undecodableServerFnCall(request)
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
})
