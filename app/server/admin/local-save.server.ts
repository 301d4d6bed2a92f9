import { dirname, join, posix } from 'node:path'
import { lock } from 'proper-lockfile'
import { mediaTypes } from '../../media/media-files'
import { publicMediaFile } from '../../media/media-files.server'
import { logger } from '../platform/logger.server'
import type { AdminLanguage } from '../../embedded-cms/index.server'
import { announceContentWritten } from '../platform/content-written.server'
import {
  changesMade,
  readInFolder,
  removeInFolder,
  versionOf,
  writableKind,
  writeInFolder,
  type ContentFolder,
} from './content-folder.server'
import { removeDraft } from './drafts.server'
import { recordChanges, type FileChange, type HistoryNote } from './history.server'

/**
 * The local admin's writes: a save, an upload, a delete. Each is one step under a lock that every
 * worker shares (a lock folder beside the content folder), so what is checked is what is written
 * and two saves never pass the check side by side. The check is the server's own (the content
 * with the change read and validated as a start reads it); a refusal writes nothing.
 */

/** Largest upload (an image or a PDF), in bytes. */
export const uploadLimitBytes = 10 * 1024 * 1024

/** An answer of the API: its status and JSON body. */
export interface Outcome {
  status: number
  body: unknown
}

const refused = (status: number, error: string): Outcome => ({ status, body: { error } })

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Why an upload cannot be stored, or undefined. */
export function uploadProblem(folder: ContentFolder, path: string, base64: string): string | undefined {
  const name = path.split('/').pop() ?? path
  if (posix.dirname(path) !== folder.mediaFolder || name.startsWith('.')) return `${name}: uploads go into the media folder`
  if (!(posix.extname(name).toLowerCase() in mediaTypes)) {
    return `${name}: the site serves only ${Object.keys(mediaTypes).join(', ')} files; convert it to one of those (e.g. an SVG logo to PNG)`
  }
  if (writableKind(folder, path) !== 'media') return `${name}: not a file name the media folder can hold`
  // The site serves public/media before the content folder: an upload of that name would never be seen.
  if (publicMediaFile(`/media/${name}`)) return `${name}: an image of this name comes with the site; give the upload another name`
  const size = Buffer.byteLength(base64, 'base64')
  if (size > uploadLimitBytes)
    return `${name} is ${megabytes(size)}; files up to ${megabytes(uploadLimitBytes)} can be uploaded (make the image smaller)`
  return undefined
}

/** The lock's folder: beside the content folder, per content folder (not `.admin-save-…`: the scratch copies' cleanup removes those). */
export const lockPathOf = (folder: ContentFolder) => join(dirname(folder.root), `.admin-lock-${folder.name}`)

/** `work` while holding the content folder's save lock (waiting a few seconds for it at most). */
export async function underSaveLock(folder: ContentFolder, work: () => Promise<Outcome> | Outcome): Promise<Outcome> {
  let release: () => Promise<void>
  try {
    release = await lock(folder.root, {
      lockfilePath: lockPathOf(folder),
      realpath: false,
      // A holder that died leaves the lock: taken over once it is this old (a save takes about a second).
      stale: 15_000,
      retries: { retries: 40, factor: 1.2, minTimeout: 25, maxTimeout: 250 },
      // The library's default throws from a timer, which would end the worker: said, not thrown.
      onCompromised: (error) => logger.warn({ err: error }, '[admin] the save lock was taken over while held'),
    })
  } catch {
    return refused(503, 'Another save is being made; try again in a moment')
  }
  const before = changesMade()
  try {
    return await work()
  } finally {
    await release().catch(() => undefined)
    // Files changed: every worker of every instance reads the content again (a shared volume's
    // other machines do not see the write, ADR 107).
    if (changesMade() !== before) await announceContentWritten()
  }
}

/** The server's check of the content folder with a change (in the embedded CMS, loaded when asked for). */
async function contentCheck(folder: ContentFolder, write: Array<{ path: string; data: string | Uint8Array }>, remove: string[]) {
  const { saveCheck } = await import('../../embedded-cms/index.server')
  return saveCheck(folder.root, { write, remove })
}

async function contentProblem(folder: ContentFolder, write: Array<{ path: string; data: string | Uint8Array }>, remove: string[]) {
  return (await contentCheck(folder, write, remove)).problem
}

/** How the editor's tab asked for a save or delete: in which language it is answered, and whether broken links are mended. */
export interface SaveOptions {
  language: AdminLanguage
  /** The editor chose to mend the rich-text links the change breaks (ADR 094). */
  mend: boolean
  /** Who makes it, for the entries' history (history.server.ts); unset: not recorded. */
  history?: HistoryNote
}

/** The entry files of a change as they are now and as the change leaves them, for the history. */
function entryChanges(
  folder: ContentFolder,
  change: { write: Array<{ path: string; data: string | Uint8Array }>; remove: string[] },
): FileChange[] {
  const before = (path: string) => readInFolder(folder, path)?.toString('utf8')
  return [
    ...change.write.flatMap(({ path, data }) =>
      writableKind(folder, path) === 'entry' && typeof data === 'string' ? [{ path, before: before(path), after: data }] : [],
    ),
    ...change.remove.flatMap((path) => (writableKind(folder, path) === 'entry' ? [{ path, before: before(path), after: undefined }] : [])),
  ]
}

/** The texts of the files a refusal names, for naming its fields and rows: those written, else as they are in the folder. */
function textsOf(folder: ContentFolder, write: Array<{ path: string; data: string | Uint8Array }>, files: string[]): Map<string, string> {
  const texts = new Map<string, string>()
  for (const { path, data } of write) if (typeof data === 'string') texts.set(path, data)
  for (const file of files) if (!texts.has(file)) texts.set(file, readInFolder(folder, file)?.toString('utf8') ?? '')
  return texts
}

/** The content files named at the start of a refusal's lines (`content/pages/x.yaml:3:1: …`). */
const filesNamedIn = (problem: string) => [...problem.matchAll(/^(\S+?\.ya?ml)[:]/gm)].flatMap((match) => (match[1] ? [match[1]] : []))

/**
 * The server's refusal of a change (its file:line lines) as problems on the fields of the form,
 * in the admin's language (422). The files it names (another entry's, when the change breaks it)
 * are read to name their rows.
 */
export async function problemRefusal(
  folder: ContentFolder,
  change: { write: Array<{ path: string; data: string | Uint8Array }>; remove: string[] },
  problem: string,
  language: AdminLanguage,
): Promise<Outcome> {
  const { refusalFor } = await import('../../embedded-cms/index.server')
  return {
    status: 422,
    body: refusalFor(
      problem,
      textsOf(folder, change.write, filesNamedIn(problem)),
      new Set([...change.write.map(({ path }) => path), ...change.remove]),
      language,
    ),
  }
}

/**
 * The checked change, with the rich-text links it breaks mended when the editor chose so, or
 * the refusal: the server's problems on their fields (422), or the broken links for the editor
 * to choose (409, until the call comes again with `links: "mend"`).
 */
async function checkedChange(
  folder: ContentFolder,
  change: { write: Array<{ path: string; data: string | Uint8Array }>; remove: string[] },
  options: SaveOptions,
  now: Date,
): Promise<{ write: Array<{ path: string; data: string | Uint8Array }>; remove: string[] } | Outcome> {
  const { brokenLinksReport, withLinksMended } = await import('../../embedded-cms/index.server')
  const check = await contentCheck(folder, change.write, change.remove)
  const refusal = (problem: string) => problemRefusal(folder, change, problem, options.language)
  if (check.problem) return await refusal(check.problem)
  if (check.broken.length === 0) return change
  if (!options.mend) {
    const files = textsOf(
      folder,
      change.write,
      check.broken.map((link) => link.file),
    )
    return { status: 409, body: brokenLinksReport(check.broken, files, options.language) }
  }
  const mended = withLinksMended(folder.root, change, check.broken, now)
  const again = await contentCheck(folder, mended.write, mended.remove)
  if (again.problem) return await refusal(again.problem)
  if (again.broken.length > 0) return refused(409, 'The links changed while they were mended: try again')
  return mended
}

/** Someone else's save came first (`conflict: true` tells it from the other 409s, for workflow.server.ts). */
const conflict = (path: string, exists: boolean): Outcome => ({
  status: 409,
  body: {
    error: exists
      ? `${path} was changed by someone else after you opened it. Copy your changes, reload the entry and make them again.`
      : `${path} was deleted by someone else after you opened it. Copy your changes and reload.`,
    conflict: true,
  },
})

/** Whether a file is at the version the editor opened (`expected` null: the editor had no file there). */
function atVersion(bytes: Buffer | undefined, expected: string | null | undefined): boolean {
  if (expected === undefined || expected === null) return bytes === undefined
  return bytes !== undefined && versionOf(bytes) === expected
}

export interface EntrySave {
  dataFiles: Array<{ path: string; raw: string; newPath?: string }>
  assets: Array<{ path: string; content: string }>
  base: Record<string, string | null>
}

/**
 * The uploads an entry's files name (by their public path, /media/<name>). Decap sends every
 * file chosen while the entry was open, also one the editor replaced: an SVG refused once would
 * otherwise refuse every later save until deleted from the media library by hand.
 */
function usedAssets(save: EntrySave): EntrySave['assets'] {
  return save.assets.filter((asset) => save.dataFiles.some((file) => file.raw.includes(`/media/${posix.basename(asset.path)}`)))
}

/** persistEntry: an entry's file (renamed within its folder, or not), with the uploads it uses. */
export async function saveEntry(
  folder: ContentFolder,
  sent: EntrySave,
  now: Date,
  options: SaveOptions = { language: 'en', mend: false },
): Promise<Outcome> {
  const save = { ...sent, assets: usedAssets(sent) }
  for (const file of save.dataFiles) {
    const target = file.newPath ?? file.path
    for (const path of [file.path, target])
      if (writableKind(folder, path) !== 'entry') return refused(403, `${path}: not a file an entry is kept in`)
    if (posix.dirname(target) !== posix.dirname(file.path)) return refused(422, `${file.path}: an entry stays in its collection's folder`)
  }
  const named = [
    ...save.dataFiles.flatMap((file) => (file.newPath && file.newPath !== file.path ? [file.path, file.newPath] : [file.path])),
    ...save.assets.map((asset) => asset.path),
  ]
  // Case-folded: on a file system that ignores case, About.yaml and about.yaml are one file.
  if (new Set(named.map((path) => path.normalize('NFC').toLowerCase())).size !== named.length)
    return refused(422, 'One save names a file twice')
  for (const asset of save.assets) {
    const problem = uploadProblem(folder, asset.path, asset.content)
    if (problem) return refused(422, problem)
  }
  const { ContentError, entryText } = await import('../../embedded-cms/index.server')
  return underSaveLock(folder, async () => {
    const write: Array<{ path: string; data: string | Uint8Array }> = []
    const remove: string[] = []
    const versions: Record<string, string> = {}
    for (const file of save.dataFiles) {
      const target = file.newPath ?? file.path
      const current = readInFolder(folder, file.path)
      if (!atVersion(current, save.base[file.path])) return conflict(file.path, current !== undefined)
      if (target !== file.path && readInFolder(folder, target) !== undefined) {
        return refused(409, `${target} already exists: choose another id`)
      }
      let text: string
      try {
        text = entryText(target, current?.toString('utf8'), file.raw, now)
      } catch (error) {
        if (error instanceof ContentError) return refused(422, error.message)
        throw error
      }
      write.push({ path: target, data: text })
      if (target !== file.path) remove.push(file.path)
      versions[target] = versionOf(text)
    }
    for (const asset of save.assets) write.push({ path: asset.path, data: Buffer.from(asset.content, 'base64') })
    const checked = await checkedChange(folder, { write, remove }, options, now)
    if ('status' in checked) return checked
    const changed = entryChanges(folder, { write: checked.write, remove })
    // Uploads first: the entry that names them is live only once they are there.
    for (const { path, data } of [...checked.write].reverse()) writeInFolder(folder, path, data)
    for (const path of remove) removeInFolder(folder, path)
    if (options.history) await recordChanges(changed, options.history, now)
    // A mended link may be in the saved entry itself: its version is of the text written.
    for (const { path, data } of checked.write) if (path in versions) versions[path] = versionOf(data)
    return { status: 200, body: { message: 'entry persisted', versions } }
  })
}

/** persistMedia: an upload on its own (the media library). */
export async function saveMedia(folder: ContentFolder, asset: { path: string; content: string }): Promise<Outcome> {
  const problem = uploadProblem(folder, asset.path, asset.content)
  if (problem) return refused(422, problem)
  return underSaveLock(folder, async () => {
    const bytes = Buffer.from(asset.content, 'base64')
    // Checked too: replacing an image the content uses changes the sizes a start measures.
    const problem = await contentProblem(folder, [{ path: asset.path, data: bytes }], [])
    if (problem) return refused(422, problem)
    writeInFolder(folder, asset.path, bytes)
    return {
      status: 200,
      body: { id: versionOf(bytes), content: asset.content, encoding: 'base64', path: asset.path, name: posix.basename(asset.path) },
    }
  })
}

/** deleteFile(s): entries (at the version the editor opened) or uploads, refused when the content would break without them. */
export async function deleteEntries(
  folder: ContentFolder,
  paths: string[],
  base: Record<string, string | null>,
  options: SaveOptions = { language: 'en', mend: false },
): Promise<Outcome> {
  for (const path of paths) if (writableKind(folder, path) === undefined) return refused(403, `${path}: not a file the admin may delete`)
  for (const path of paths) {
    // The media library lists the images shipped in public/media beside the uploads (local-api.server.ts).
    if (writableKind(folder, path) === 'media' && !readInFolder(folder, path) && publicMediaFile(`/media/${posix.basename(path)}`))
      return refused(422, `${posix.basename(path)} comes with the site (public/media) and cannot be deleted in the admin`)
  }
  return underSaveLock(folder, async () => {
    for (const path of paths) {
      const current = readInFolder(folder, path)
      if (writableKind(folder, path) === 'entry' && !atVersion(current, base[path])) return conflict(path, current !== undefined)
    }
    const checked = await checkedChange(folder, { write: [], remove: paths }, options, new Date())
    if ('status' in checked) return checked
    const changed = entryChanges(folder, { write: checked.write, remove: paths })
    // The links mended (their text kept) before the page goes.
    for (const { path, data } of checked.write) writeInFolder(folder, path, data)
    for (const path of paths) removeInFolder(folder, path)
    if (options.history) await recordChanges(changed, options.history)
    // A deleted entry's draft goes with it: preview and the workflow board would keep showing it.
    for (const path of paths) if (writableKind(folder, path) === 'entry') removeDraft(folder, path)
    return { status: 200, body: { message: `deleted ${paths.join(', ')}` } }
  })
}
