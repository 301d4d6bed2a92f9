import { posix } from 'node:path'
import { serializeCookie } from 'cookie-es'
import * as v from 'valibot'
import { languages, localeCodes } from '../../../app.config'
import { overlayParameter } from '../../cms/preview-overlay'
import { cmsPreviewTokenOf, createPreviewToken, previewCookieName, previewMaxAgeSeconds } from '../cms-client/preview.server'
import { previewSecret } from '../../cms/preview-token.server'
import { limitBody } from '../http/request-guard.server'
import { getRuntimeConfig } from '../platform/env.server'
import { readInFolder, writableKind, type ContentFolder } from './content-folder.server'
import { jsonDepthWithin, notTheEditor } from './local-api.server'
import { hasPagePreview, type PreviewSettings } from './preview-pane'

/**
 * POST /admin/preview (ADR 099, 108): the admin's preview pane sends the form's unsaved values of
 * an entry; they are checked as a save would check them, kept as the editor's one overlay
 * (app/embedded-cms/admin/preview-overlay.server.ts) and answered with the address of the entry's
 * page showing them, in the language asked for. Nothing is written to the content folder. The
 * editor's session enters preview mode here: no secret to type. The local admin checks the call
 * here (answerPreview); the site mode's gate checks the signed-in session and its CSRF token
 * first (auth/site-admin.server.ts), then hands it to previewValues.
 */

/** An entry's values as JSON: a content file at most (256 KB of YAML), with room for JSON's escapes. */
const bodyLimit = 1024 * 1024
/** A content file nests 24 levels at most; its JSON a few more around it. */
const maxJsonDepth = 28

const call = v.object({
  /** Decap's collection and the entry's file (`content/pages/about.yaml`). */
  collection: v.pipe(v.string(), v.regex(/^[a-z][a-z-]{0,59}$/)),
  path: v.pipe(v.string(), v.maxLength(300)),
  language: v.picklist(localeCodes),
  /** The form's values, as Decap would save them. */
  data: v.record(v.string(), v.unknown()),
})

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
const refusal = (status: number, error: string) => answer(status, { error })

export interface PreviewOptions {
  folder: ContentFolder
  dataDir: string
  socketAddress: string | undefined
  now?: () => Date
}

/** A new preview cookie when the request has none that is valid (signed, unexpired, not left). */
export async function previewCookie(request: Request): Promise<Record<string, string>> {
  const secret = previewSecret()
  if (!secret || (await cmsPreviewTokenOf(request.headers.get('cookie'))) !== undefined) return {}
  const cookie = serializeCookie(previewCookieName, createPreviewToken(secret), {
    httpOnly: true,
    sameSite: 'lax',
    secure: new URL(getRuntimeConfig().SITE_URL).protocol === 'https:',
    path: '/',
    maxAge: previewMaxAgeSeconds,
  })
  return { 'Set-Cookie': cookie }
}

export async function answerPreview(request: Request, url: URL, options: PreviewOptions): Promise<Response> {
  if (request.method !== 'POST') return refusal(405, 'POST only')
  const stranger = notTheEditor(request, url, options.socketAddress, options.dataDir)
  if (stranger) return refusal(403, stranger)
  return previewValues(request, options, request.headers.get('x-admin-session') ?? '')
}

/**
 * The preview of a call already known to come from the editor's /admin: `owner` names whose
 * overlay it replaces (the editor's session: one overlay each).
 */
export async function previewValues(request: Request, options: PreviewOptions, owner: string): Promise<Response> {
  if (request.method !== 'POST') return refusal(405, 'POST only')
  const limited = await limitBody(request, bodyLimit)
  if (limited instanceof Response) return refusal(413, 'The entry is too large to preview')
  const text = await limited.text()
  if (!jsonDepthWithin(text, maxJsonDepth)) return refusal(400, 'Not a preview of the admin')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return refusal(400, 'Not JSON')
  }
  const parsed = v.safeParse(call, body)
  if (!parsed.success) return refusal(422, `Not a preview of the admin: ${parsed.issues[0]?.message ?? ''}`)
  const { collection, path, language, data } = parsed.output
  const { folder } = options
  if (writableKind(folder, path) !== 'entry') return refusal(403, `${path}: not an entry's file`)

  const { ContentError, buildOverlay, entryPathIn, entryText, keepOverlay, overlayProblem } =
    await import('../../embedded-cms/index.server')
  const overlay = { path: path.slice(folder.name.length + 1), text: '' }
  try {
    // As a save makes the file's text (Decap's values merged into the file), then the whole
    // content read and checked with it, as a save checks it.
    overlay.text = entryText(path, readInFolder(folder, path)?.toString('utf8'), JSON.stringify(data), options.now?.() ?? new Date())
    const problem = overlayProblem(overlay)
    if (problem) return refusal(413, problem)
    const id = await keepOverlay(owner, overlay)
    const content = buildOverlay(id, overlay)
    // The entry by its ID as typed (the file keeps its old name until the save renames it).
    const slug = typeof data.id === 'string' && /^[\w-]{1,200}$/.test(data.id) ? data.id : posix.basename(path, '.yaml')
    const page = entryPathIn(content, collection, slug, language)
    if (page === undefined) return refusal(404, 'This entry has no page of its own on the site')
    return answer(200, { url: `${page}?${overlayParameter}=${id}` }, await previewCookie(request))
  } catch (error) {
    if (error instanceof ContentError) return refusal(422, error.message)
    throw error
  }
}

/**
 * GET /admin/draft/… with CMS_ADMIN=site (ADR 108): a signed-in editor's "View Preview" of a
 * draft, sent to `path` (the entry's page) in preview mode, entered here without PREVIEW_SECRET.
 * The gate has checked the session; a navigation from another site (Sec-Fetch-Site) is not
 * taken as the editor's wish and is refused. Never cached.
 */
export async function enterPreview(request: Request, path: string): Promise<Response> {
  const site = request.headers.get('sec-fetch-site')
  if (site !== null && site !== 'same-origin' && site !== 'none') return refusal(403, 'Open the preview from /admin')
  if (!previewSecret()) return refusal(503, 'Preview is not available right now: try again')
  return new Response(null, { status: 302, headers: { Location: path, 'Cache-Control': 'no-store', ...(await previewCookie(request)) } })
}

/** The preview pane's settings: the collections whose entries have a page, and the site's languages. */
export async function previewSettings(): Promise<PreviewSettings> {
  const { decapConfig } = await import('../../embedded-cms/index.server')
  const collections = decapConfig({ backend: {} })
    .collections.map((collection) => collection.name)
    .filter(hasPagePreview)
  return { collections, languages: languages.map(({ code, name }) => ({ code, name })) }
}
