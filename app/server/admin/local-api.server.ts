import { readFileSync } from 'node:fs'
import { basename, posix } from 'node:path'
import * as v from 'valibot'
import { publicMediaFile, publicMediaNames } from '../../media/media-files.server'
import { limitBody } from '../http/request-guard.server'
import { localeCodes } from '../../../app.config'
import type { AdminLanguage } from '../../embedded-cms/index.server'
import { isAction, mayCall, roleNeeded, type Role } from './auth/roles'
import { onlyRole, roleNames } from './admin-words'
import { isSessionToken } from './admin-session.server'
import { historyCall, performHistory } from './history-api.server'
import type { Author } from './history.server'
import { filesIn, readInFolder, versionOf, writableKind, type ContentFolder } from './content-folder.server'
import { deleteEntries, saveEntry, saveMedia, uploadLimitBytes } from './local-save.server'
import { performWorkflow, workflowCall } from './workflow.server'

/**
 * /admin/api/v1 with CMS_ADMIN=local: Decap's proxy-backend protocol, answered by the site itself
 * over the content folder (no second server, nothing listening on another port). Only the
 * editor's tab on this machine is served: a loopback connection and Host, no forwarding header,
 * the page's own Origin, and the session token of /admin's page. A save is one step under a lock
 * that every worker shares: the entry's version is compared with the one the editor opened (409
 * when someone saved since), the file is changed where the editor changed it (yaml-edit.ts), the
 * content with the change is validated as a start would validate it, and only then written.
 */

/** A request body: an upload in base64 (4/3 of its size) and its JSON around it. */
const bodyLimit = Math.ceil((uploadLimitBytes * 4) / 3) + 256 * 1024

/** Most base64 the media library's list holds: the whole list is one JSON text in the worker's memory. */
const mediaListLimit = 64 * 1024 * 1024

/** Deepest JSON a call has (a persistEntry is 4 levels): checked on the text, before it is parsed. */
const maxJsonDepth = 8

const path = v.pipe(v.string(), v.maxLength(300))
const asset = v.object({ path, content: v.string(), encoding: v.literal('base64') })
const dataFile = v.object({ path, raw: v.string(), newPath: v.optional(path) })
/** The version of each file the editor's tab opened (null: new to it), added by /admin/session.js. */
const base = v.optional(v.record(path, v.nullable(v.string())), {})
/** Added by /admin/problems.js when the editor chose to mend the rich-text links a save or delete breaks (ADR 094). */
const links = v.optional(v.literal('mend'))

const call = v.variant('action', [
  v.object({ action: v.picklist(['info', 'getDeployPreview']) }),
  v.object({
    action: v.literal('entriesByFolder'),
    // `search`: added by /admin/links.js while Decap searches (only the entries holding its words, ADR 109).
    params: v.object({ folder: path, extension: v.optional(v.string(), 'yaml'), search: v.optional(v.pipe(v.string(), v.maxLength(200))) }),
  }),
  v.object({ action: v.literal('entriesByFiles'), params: v.object({ files: v.pipe(v.array(v.object({ path })), v.maxLength(500)) }) }),
  v.object({ action: v.literal('getEntry'), params: v.object({ path }) }),
  v.object({ action: v.literal('getMedia'), params: v.object({ mediaFolder: path }) }),
  v.object({ action: v.literal('getMediaFile'), params: v.object({ path }) }),
  v.object({
    action: v.literal('persistEntry'),
    params: v.object({
      dataFiles: v.pipe(v.array(dataFile), v.minLength(1), v.maxLength(8)),
      assets: v.optional(v.pipe(v.array(asset), v.maxLength(8)), []),
      base,
      links,
    }),
  }),
  v.object({ action: v.literal('persistMedia'), params: v.object({ asset }) }),
  // Not Decap's: the translation status of an entry's texts (/admin/translation-status.js).
  v.object({ action: v.literal('translationStatus'), params: v.object({ collection: path, entry: path }) }),
  // Not Decap's: the pages and news with their addresses in a language (/admin/links.js: the link picker, the page tree).
  v.object({ action: v.literal('linkTargets'), params: v.object({ language: v.picklist(localeCodes) }) }),
  v.object({ action: v.literal('deleteFile'), params: v.object({ path, base, links }) }),
  v.object({
    action: v.literal('deleteFiles'),
    params: v.object({ paths: v.pipe(v.array(path), v.minLength(1), v.maxLength(50)), base, links }),
  }),
])
type Call = v.InferOutput<typeof call>

const answer = (status: number, body: unknown) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })
const refusal = (status: number, error: string) => answer(status, { error })

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Headers a proxy or tunnel adds: a request carrying one did not come straight from a browser on this machine. */
const forwarded =
  /^(?:forwarded|via|x-forwarded-.*|x-real-ip|x-client-ip|x-cluster-client-ip|.*-connecting-ip|true-client-ip|x-original-.*)$/

/** The Host names of this machine (with a port or not). */
const loopbackHost = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/

/**
 * Why a request is not the editor's tab on this machine, or undefined. The local backend writes
 * for whoever passes, so every sign is required: a loopback connection, a loopback Host (no DNS
 * rebinding), no proxy's headers, the page's own Origin, and its session token.
 */
export function notTheEditor(request: Request, url: URL, socketAddress: string | undefined, dataDir: string): string | undefined {
  const loopback = socketAddress !== undefined && /^(?:127\.|::1$|::ffff:127\.)/.test(socketAddress)
  if (!loopback || !loopbackHost.test(url.host)) return 'The local admin saves only for a browser on this machine'
  for (const name of request.headers.keys()) if (forwarded.test(name)) return 'The local admin does not answer through a proxy'
  if (request.headers.get('origin') !== url.origin) return 'Not a request from /admin'
  const site = request.headers.get('sec-fetch-site')
  if (site !== null && site !== 'same-origin') return 'Not a request from /admin'
  if (!/^application\/json\b/.test(request.headers.get('content-type') ?? '')) return 'Not a request from /admin'
  if (!isSessionToken(request.headers.get('x-admin-session'), dataDir)) return 'The admin session has expired: reload /admin'
  return undefined
}

/** Whether JSON text nests no deeper than `max` (strings skipped): checked before parsing, so `[[[[…` costs nothing. */
export function jsonDepthWithin(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === 92)
        index++ // a backslash: the next character is escaped
      else if (char === 34) inString = false
    } else if (char === 34) inString = true
    else if (char === 91 || char === 123) {
      if (++depth > max) return false
    } else if (char === 93 || char === 125) depth--
  }
  return true
}

/** Who makes a call (CMS_ADMIN=site): the signed-in editor, for the audit log and the history of a save. */
export interface EditorIdentity {
  /** The provider's stable id of the person (the ID token's `sub`). */
  subject: string
  name: string
  email: string | undefined
}

export interface LocalApiOptions {
  folder: ContentFolder
  dataDir: string
  socketAddress: string | undefined
  /** The time of a save (its lastEdited). */
  now?: () => Date
  /** The role of whoever calls (auth/roles.ts): the local admin's one editor on this machine holds every role. */
  role?: Role
  /** The language refusals are worded in. */
  language?: AdminLanguage
  /** The signed-in editor (CMS_ADMIN=site); undefined for the local admin, which has no accounts. */
  editor?: EditorIdentity
}

export async function answerLocalApi(request: Request, url: URL, options: LocalApiOptions): Promise<Response> {
  if (request.method !== 'POST') return refusal(405, 'POST only')
  const stranger = notTheEditor(request, url, options.socketAddress, options.dataDir)
  if (stranger) return refusal(403, stranger)
  const read = await readCall(request)
  return 'refusal' in read ? read.refusal : answerCall(read.body, { ...options, language: adminLanguage(request) })
}

/** A call's body read within the bounds (size, nesting) and parsed as JSON, or the refusal: the site mode's roles read its action before it is answered. */
/** The admin's language (problems.js sends it): refusals are worded in it; English for a caller that says none. */
const isAdminWordsLanguage = (code: string): code is AdminLanguage => Object.hasOwn(roleNames, code)

export function adminLanguage(request: Request): AdminLanguage {
  const asked = request.headers.get('x-admin-language')
  // The languages the admin's words are in: those its role names have (admin-words.ts).
  return asked !== null && isAdminWordsLanguage(asked) ? asked : 'en'
}

export async function readCall(request: Request): Promise<{ body: unknown } | { refusal: Response }> {
  const limited = await limitBody(request, bodyLimit)
  if (limited instanceof Response) {
    return { refusal: refusal(413, `Too large: files up to ${megabytes(uploadLimitBytes)} can be uploaded (make the image smaller)`) }
  }
  const text = await limited.text()
  if (!jsonDepthWithin(text, maxJsonDepth)) return { refusal: refusal(400, 'Not a call of the admin') }
  try {
    return { body: JSON.parse(text) }
  } catch {
    return { refusal: refusal(400, 'Not JSON') }
  }
}

/**
 * Answers a call read by readCall (after whatever admitted its caller): its role first (one
 * table, auth/roles.ts, by the action alone where that decides), then the call itself.
 */
export async function answerCall(body: unknown, options: LocalApiOptions): Promise<Response> {
  const action: unknown = typeof body === 'object' && body !== null && 'action' in body ? body.action : undefined
  if (!isAction(action)) return refusal(422, 'Unknown or malformed call')
  // Decap's editorial workflow: drafts beside the published entries (workflow.server.ts).
  const workflow = v.safeParse(workflowCall, body)
  const role = options.role ?? 'publisher'
  const facts = { asDraft: workflow.success, overwrites: overwritesMedia(options.folder, body) }
  if (!mayCall(role, action, facts)) {
    const needed = roleNeeded(action, facts)
    const language = options.language ?? 'en'
    return refusal(403, onlyRole[language](roleNames[language][needed], action))
  }
  // Who makes a publish, restore or delete, for the entry's history (the local admin's editor has no account).
  const author = options.editor ? { name: options.editor.name, email: options.editor.email } : undefined
  if (workflow.success) {
    const { output } = workflow
    const mend = output.action === 'publishUnpublishedEntry' && output.params.links === 'mend'
    const outcome = await performWorkflow(options.folder, output, options.now?.() ?? new Date(), {
      language: options.language ?? 'en',
      mend,
      history: { author },
    })
    return answer(outcome.status, outcome.body)
  }
  // The History panel's calls (history-api.server.ts).
  const history = v.safeParse(historyCall, body)
  if (history.success) {
    const now = options.now?.() ?? new Date()
    const outcome = await performHistory(options.folder, history.output, { now, language: options.language ?? 'en', author })
    return answer(outcome.status, outcome.body)
  }
  const parsed = v.safeParse(call, body)
  if (!parsed.success) return refusal(422, `Unknown or malformed call: ${parsed.issues[0]?.message ?? ''}`)
  return perform(parsed.output, { ...options, author })
}

const mediaCall = v.object({ action: v.literal('persistMedia'), params: v.object({ asset }) })

/** Whether a persistMedia call would replace a file of the media library with other bytes (a publisher's call). */
function overwritesMedia(folder: ContentFolder, body: unknown): boolean {
  const media = v.safeParse(mediaCall, body)
  if (!media.success) return false
  const existing = readInFolder(folder, media.output.params.asset.path)
  return existing !== undefined && !existing.equals(Buffer.from(media.output.params.asset.content, 'base64'))
}

/** A file as Decap's file-system backend lists it. */
function entryOf(folder: ContentFolder, path: string) {
  const bytes = readInFolder(folder, path)
  return { data: bytes?.toString('utf8') ?? null, file: { path, id: bytes ? versionOf(bytes) : null } }
}

function mediaOf(folder: ContentFolder, path: string) {
  const bytes = readInFolder(folder, path)
  if (!bytes) return undefined
  return { id: versionOf(bytes), content: bytes.toString('base64'), encoding: 'base64', path, name: basename(path) }
}

/**
 * A file shipped in public/media, as if it were in the media folder: Decap's library lists only
 * files directly in its folder, and picking one writes `/media/<name>`, the URL the site serves
 * it at. The id is of the name and the bytes (an upload may be a copy of a shipped image).
 */
function publicMediaOf(folder: ContentFolder, name: string) {
  const file = publicMediaFile(`/media/${name}`)
  if (!file) return undefined
  let bytes
  try {
    bytes = readFileSync(file)
  } catch {
    return undefined
  }
  const path = `${folder.mediaFolder}/${name}`
  return { id: versionOf(`public\0${name}\0${versionOf(bytes)}`), content: bytes.toString('base64'), encoding: 'base64', path, name }
}

/** Per language how the entry's translations stand (null: it has no texts for translators). */
async function translationStatus(folder: ContentFolder, collection: string, entry: string): Promise<Response> {
  const { entryTranslationStatus } = await import('../../embedded-cms/index.server')
  try {
    return answer(200, entryTranslationStatus(folder.root, collection, entry) ?? null)
  } catch (error) {
    // A catalog or a content file that does not read (its file and line are in the message).
    return refusal(422, `The translation status could not be read: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function perform(input: Call, options: LocalApiOptions & { author: Author | undefined }): Promise<Response> {
  const { folder } = options
  const readable = (path: string) => writableKind(folder, path) !== undefined
  switch (input.action) {
    case 'info':
      return answer(200, { repo: folder.name, publish_modes: ['simple', 'editorial_workflow'], type: 'local_fs' })
    case 'getDeployPreview':
      // Decap's "View Preview" of a draft: /admin/draft before the entry's preview_path, which
      // enters preview mode for a signed-in editor (admin.server.ts, ADR 108); none locally.
      return answer(200, options.editor ? { url: '/admin/draft', status: 'SUCCESS' } : null)
    case 'entriesByFolder': {
      if (!folder.entryFolders.has(input.params.folder)) return refusal(403, `${input.params.folder}: not a collection's folder`)
      const entries = filesIn(folder, input.params.folder, 'yaml')
        .filter(readable)
        .map((path) => entryOf(folder, path))
      if (input.params.search === undefined) return answer(200, entries)
      const { entryMatches, searchWords } = await import('../../embedded-cms/index.server')
      const words = searchWords(input.params.search)
      return answer(
        200,
        entries.filter((entry) => entry.data !== null && entryMatches(entry.data, words)),
      )
    }
    case 'entriesByFiles':
      return answer(
        200,
        input.params.files.filter(({ path }) => readable(path)).map(({ path }) => entryOf(folder, path)),
      )
    case 'getEntry':
      return readable(input.params.path)
        ? answer(200, entryOf(folder, input.params.path))
        : refusal(403, `${input.params.path}: not an entry's file`)
    case 'getMedia': {
      if (input.params.mediaFolder !== folder.mediaFolder) return answer(200, [])
      // The uploads, then the images shipped with the site that no upload's name hides (the
      // content uses them: picking one is choosing it again). Each file goes whole, in base64
      // (Decap's protocol): the library gets as many as fit a bound.
      const uploads = filesIn(folder, folder.mediaFolder).filter((path) => writableKind(folder, path) === 'media')
      const uploaded = new Set(uploads.map((path) => posix.basename(path)))
      const files = [
        ...uploads.map((path) => mediaOf(folder, path)),
        ...publicMediaNames()
          .filter((name) => !uploaded.has(name))
          .map((name) => publicMediaOf(folder, name)),
      ]
      const listed = []
      let bytes = 0
      for (const media of files) {
        if (!media) continue
        bytes += media.content.length
        if (bytes > mediaListLimit) break
        listed.push(media)
      }
      return answer(200, listed)
    }
    case 'getMediaFile': {
      const { path } = input.params
      if (writableKind(folder, path) !== 'media') return refusal(404, `${path}: no such file`)
      // An upload, or else the image of that name shipped with the site.
      const media = mediaOf(folder, path) ?? publicMediaOf(folder, posix.basename(path))
      return media ? answer(200, media) : refusal(404, `${path}: no such file`)
    }
    case 'translationStatus':
      return translationStatus(folder, input.params.collection, input.params.entry)
    case 'linkTargets': {
      const { linkTargets } = await import('../../embedded-cms/index.server')
      return answer(200, linkTargets(input.params.language))
    }
    default: {
      const now = options.now?.() ?? new Date()
      const asked = {
        language: options.language ?? 'en',
        mend: 'links' in input.params && input.params.links === 'mend',
        history: { author: options.author },
      }
      const outcome =
        input.action === 'persistEntry'
          ? await saveEntry(folder, input.params, now, asked)
          : input.action === 'persistMedia'
            ? await saveMedia(folder, input.params.asset)
            : await deleteEntries(
                folder,
                input.action === 'deleteFile' ? [input.params.path] : input.params.paths,
                input.params.base,
                asked,
              )
      return answer(outcome.status, outcome.body)
    }
  }
}
