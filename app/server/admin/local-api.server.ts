import { basename, extname } from 'node:path'
import * as v from 'valibot'
import { limitBody } from '../http/request-guard.server'
import { mediaTypes } from '../../media/media-files'
import { callLocalBackend } from './local-backend.server'

/**
 * /admin/api/v1 with CMS_ADMIN=local: Decap's proxy-backend calls, checked here and then handed
 * to the local backend (local-backend.server.ts). A save the server's content validation refuses
 * is not written; Decap shows the message (file, line, field) to the editor, and the last good
 * content stays online. Uploads must be a type the site serves, within a size limit.
 */

/** Largest upload (an image or a PDF), in bytes. */
export const uploadLimitBytes = 10 * 1024 * 1024

/** A request body: an upload in base64 (4/3 of its size) and its JSON around it. */
const bodyLimit = Math.ceil((uploadLimitBytes * 4) / 3) + 256 * 1024

const asset = v.object({ path: v.string(), content: v.string(), encoding: v.literal('base64') })
const dataFile = v.object({ path: v.string(), raw: v.string(), newPath: v.optional(v.string()) })

const call = v.variant('action', [
  v.object({
    action: v.literal('persistEntry'),
    // Decap 3 sends dataFiles; older clients (and decap-server's own default) the one entry.
    params: v.object({ entry: v.optional(dataFile), dataFiles: v.optional(v.array(dataFile)), assets: v.optional(v.array(asset), []) }),
  }),
  v.object({ action: v.literal('persistMedia'), params: v.object({ asset }) }),
  v.object({ action: v.literal('deleteFile'), params: v.object({ path: v.string() }) }),
  v.object({ action: v.literal('deleteFiles'), params: v.object({ paths: v.array(v.string()) }) }),
  // Reads (and the info call Decap starts with) go through unchanged.
  v.object({
    action: v.picklist(['info', 'entriesByFolder', 'entriesByFiles', 'getEntry', 'getMedia', 'getMediaFile', 'getDeployPreview']),
  }),
])

const refusal = (status: number, error: string) => Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store' } })

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Why an upload cannot be stored, or undefined. */
export function uploadProblem(path: string, base64: string, contentFolder: string): string | undefined {
  const name = path.split('/').pop() ?? path
  if (!path.startsWith(`${contentFolder}/media/`) || path.split('/').some((part) => part === '..' || part.startsWith('.'))) {
    return `${name}: uploads go into the media folder`
  }
  if (!(extname(path).toLowerCase() in mediaTypes)) {
    return `${name}: the site serves only ${Object.keys(mediaTypes).join(', ')} files; convert it to one of those (e.g. an SVG logo to PNG)`
  }
  const size = Buffer.byteLength(base64, 'base64')
  if (size > uploadLimitBytes)
    return `${name} is ${megabytes(size)}; files up to ${megabytes(uploadLimitBytes)} can be uploaded (make the image smaller)`
  return undefined
}

/** Whether a request comes from a browser on this machine, through no proxy: the local backend writes for whoever reaches it. */
export function isLocalEditor(request: Request, socketAddress: string | undefined): boolean {
  const loopback = socketAddress !== undefined && /^(?:127\.|::1$|::ffff:127\.)/.test(socketAddress)
  return loopback && !request.headers.has('x-forwarded-for') && !request.headers.has('forwarded')
}

export async function answerLocalApi(
  request: Request,
  url: URL,
  options: { port: number; contentDir: string; socketAddress: string | undefined },
): Promise<Response> {
  if (request.method !== 'POST') return refusal(405, 'POST only')
  if (!isLocalEditor(request, options.socketAddress)) return refusal(403, 'The local admin saves only for a browser on this machine')
  // A JSON content type cannot be sent across origins without a preflight, which is never granted.
  const origin = request.headers.get('origin')
  if (!/^application\/json\b/.test(request.headers.get('content-type') ?? '') || (origin !== null && origin !== url.origin)) {
    return refusal(403, 'Not a request from /admin')
  }
  const limited = await limitBody(request, bodyLimit)
  if (limited instanceof Response) {
    return refusal(413, `Too large: files up to ${megabytes(uploadLimitBytes)} can be uploaded (make the image smaller)`)
  }
  const text = await limited.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return refusal(400, 'Not JSON')
  }
  const parsed = v.safeParse(call, body)
  if (!parsed.success) return refusal(422, `Unknown or malformed call: ${parsed.issues[0]?.message ?? ''}`)
  const outside = pathsIn(body).find((path) => !isInFolder(path, basename(options.contentDir)))
  if (outside !== undefined) return refusal(403, `${outside}: not in the content folder`)
  const problem = await checkCall(parsed.output, options.contentDir)
  if (problem) return refusal(422, problem)
  return callLocalBackend(options.port, text, request.signal)
}

/** Every path a call names (its `path`, `newPath`, `folder` and `mediaFolder` values, at any depth). */
function pathsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(pathsIn)
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, item]) =>
    typeof item === 'string'
      ? ['path', 'newPath', 'folder', 'mediaFolder'].includes(key)
        ? [item]
        : []
      : key === 'paths' && Array.isArray(item)
        ? item.filter((p) => typeof p === 'string')
        : pathsIn(item),
  )
}

/**
 * Whether a path is in the content folder (`content/…`): the local backend's repository is the
 * folder around it, which may hold other files (the project's own), never read or written here.
 */
function isInFolder(path: string, contentFolder: string): boolean {
  const parts = path.split(/[\\/]/)
  return parts[0] === contentFolder && !parts.some((part) => part === '..')
}

/** The server's refusal of a write, or undefined. */
async function checkCall(input: v.InferOutput<typeof call>, contentDir: string): Promise<string | undefined> {
  // The server's own content checks, in the embedded CMS (loaded when asked for, like the CMS itself).
  const { saveProblem } = await import('../../embedded-cms/index.server')
  const folder = basename(contentDir)
  switch (input.action) {
    case 'persistMedia':
      return uploadProblem(input.params.asset.path, input.params.asset.content, folder)
    case 'persistEntry': {
      const { entry, assets } = input.params
      const dataFiles = input.params.dataFiles ?? (entry ? [entry] : [])
      for (const { path, content } of assets) {
        const problem = uploadProblem(path, content, folder)
        if (problem) return problem
      }
      return saveProblem(contentDir, {
        write: [
          ...dataFiles.map((file) => ({ path: file.newPath ?? file.path, data: file.raw })),
          ...assets.map(({ path, content }) => ({ path, data: Buffer.from(content, 'base64') })),
        ],
        remove: dataFiles.flatMap((file) => (file.newPath && file.newPath !== file.path ? [file.path] : [])),
      })
    }
    case 'deleteFile':
      return saveProblem(contentDir, { write: [], remove: [input.params.path] })
    case 'deleteFiles':
      return saveProblem(contentDir, { write: [], remove: input.params.paths })
    default:
      return undefined
  }
}
