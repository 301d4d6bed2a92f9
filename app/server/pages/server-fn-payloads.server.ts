import { defaultSerovalDeserializerPlugins, TSS_FORMDATA_CONTEXT } from '@tanstack/react-start'
import { fromJSON, type SerovalJSON } from 'seroval'
import { isPlainData } from './plain-data'

/** The envelope Start's client sends (seroval's toJSON): a node tree, feature flags, marks. */
function isSerovalJson(value: unknown): value is SerovalJSON {
  if (typeof value !== 'object' || value === null) return false
  const t: unknown = Reflect.get(value, 't')
  return typeof t === 'object' && t !== null && typeof Reflect.get(value, 'f') === 'number' && Array.isArray(Reflect.get(value, 'm'))
}

/**
 * Why a seroval payload is refused, or undefined: it must decode (seroval with the router's
 * plugins) to plain data (plain-data.ts). A promise, stream or iterator would reach the
 * function, and Start waits on a promise its validator hands on.
 */
function unacceptableSeroval(text: string): string | undefined {
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
    return isPlainData(fromJSON(json, { plugins: defaultSerovalDeserializerPlugins })) ? undefined : 'Malformed payload'
  } catch {
    return 'Malformed payload'
  }
}

/**
 * Why a server function call cannot be decoded or is not plain data (the caller's fault: 400),
 * or undefined. Start decodes inside its handler and answers any failure with a 500, so the
 * same decoding runs here first.
 */
export async function undecodableServerFnCall(request: Request): Promise<string | undefined> {
  const contentType = request.headers.get('content-type') ?? ''
  if (request.method !== 'GET' && /multipart\/form-data|application\/x-www-form-urlencoded/.test(contentType)) {
    let context: FormDataEntryValue | null
    try {
      context = (await request.clone().formData()).get(TSS_FORMDATA_CONTEXT)
    } catch {
      return 'Malformed form data'
    }
    // The fields themselves are strings and files; the context is seroval, decoded by Start.
    return typeof context === 'string' ? unacceptableSeroval(context) : undefined
  }
  let text: string | null = null
  if (request.method === 'GET') text = new URL(request.url).searchParams.get('payload')
  else if (contentType.includes('application/json')) text = await request.clone().text()
  if (text === null || (request.method === 'GET' && text === '')) return undefined
  return unacceptableSeroval(text)
}
