import { posix } from 'node:path'
import * as v from 'valibot'
import { readInFolder, versionOf, writableKind, writeInFolder, type ContentFolder } from './content-folder.server'
import { listDrafts, readDraft, removeDraft, slugOfPath, workflowStatuses, writeDraft, writeDraftMeta, type Draft } from './drafts.server'
import {
  problemRefusal,
  saveEntry,
  underSaveLock,
  uploadProblem,
  type EntrySave,
  type Outcome,
  type SaveOptions,
} from './local-save.server'

/**
 * Decap's editorial workflow over the local backend (ADR 092): a save is a draft beside the
 * published entry (drafts.server.ts), the live site unchanged; publishing writes the draft
 * through the same checked save as a save without the workflow (validation, lock, 409), then
 * lets the draft go. The calls and their answers are those of Decap's proxy backend
 * (the implementation of the decap-cms-backend-proxy package).
 */

const path = v.pipe(v.string(), v.maxLength(300))
const name = v.pipe(v.string(), v.maxLength(100))
const status = v.picklist(workflowStatuses)
const entry = { collection: name, slug: name }
const dataFile = v.object({ path, raw: v.string(), slug: v.optional(name), newPath: v.optional(path) })
const asset = v.object({ path, content: v.string(), encoding: v.literal('base64') })

export const workflowCall = v.variant('action', [
  v.object({ action: v.picklist(['unpublishedEntries', 'getNotes', 'getPRMetadata']) }),
  v.object({
    action: v.literal('unpublishedEntry'),
    params: v.object({ id: v.optional(path), collection: v.optional(name), slug: v.optional(name) }),
  }),
  v.object({ action: v.picklist(['unpublishedEntryDataFile', 'unpublishedEntryMediaFile']), params: v.object({ ...entry, path }) }),
  v.object({ action: v.literal('updateUnpublishedEntryStatus'), params: v.object({ ...entry, newStatus: status }) }),
  // links: "mend": the editor chose to mend the rich-text links the publish breaks (ADR 094).
  v.object({ action: v.literal('publishUnpublishedEntry'), params: v.object({ ...entry, links: v.optional(v.literal('mend')) }) }),
  v.object({ action: v.literal('deleteUnpublishedEntry'), params: v.object(entry) }),
  v.object({
    action: v.literal('persistEntry'),
    params: v.object({
      dataFiles: v.pipe(v.array(dataFile), v.minLength(1), v.maxLength(8)),
      assets: v.optional(v.pipe(v.array(asset), v.maxLength(8)), []),
      base: v.optional(v.record(path, v.nullable(v.string())), {}),
      options: v.object({ useWorkflow: v.literal(true), collectionName: v.optional(name), status: v.optional(status) }),
    }),
  }),
])
export type WorkflowCall = v.InferOutput<typeof workflowCall>

const refused = (status: number, error: string): Outcome => ({ status, body: { error } })
const ok = (body: unknown): Outcome => ({ status: 200, body })

/** The file of an entry by Decap's collection and slug, or undefined when the collection has no such entry. */
export function entryPathOf(folder: ContentFolder, collection: string, slug: string): string | undefined {
  const found = folder.collections?.get(collection)
  const file = typeof found === 'string' ? `${found}/${slug}.yaml` : found?.get(slug)
  return file !== undefined && writableKind(folder, file) === 'entry' ? file : undefined
}

/** The collection and slug of an entry's file, by the first collection that keeps it (a draft saved without its collection's name). */
function entryNameOf(folder: ContentFolder, file: string): { collection: string; slug: string } | undefined {
  for (const [collection, found] of folder.collections ?? []) {
    if (typeof found === 'string' && posix.dirname(file) === found) return { collection, slug: slugOfPath(file) }
    if (typeof found !== 'string') for (const [slug, each] of found) if (each === file) return { collection, slug }
  }
  return undefined
}

/** Decap's description of an unpublished entry. */
function describe(folder: ContentFolder, draft: Draft, collection = draft.meta.collection, slug = draft.meta.slug) {
  const published = readInFolder(folder, draft.meta.path) !== undefined
  return {
    collection,
    slug,
    status: draft.meta.status,
    updatedAt: draft.meta.updatedAt,
    diffs: [{ id: draft.version, path: draft.meta.path, newFile: !published }],
  }
}

const conflict = (file: string): Outcome =>
  refused(
    409,
    `${file}: its draft was changed by someone else after you opened it. Copy your changes, reload the entry and make them again.`,
  )

/** persistEntry with the workflow: the entry's draft, checked as if it were published. */
async function saveDraft(
  folder: ContentFolder,
  params: Extract<WorkflowCall, { action: 'persistEntry' }>['params'],
  now: Date,
  options: SaveOptions,
): Promise<Outcome> {
  const [file, ...others] = params.dataFiles
  if (!file || others.length > 0) return refused(422, 'A draft is one entry file')
  if (writableKind(folder, file.path) !== 'entry') return refused(403, `${file.path}: not a file an entry is kept in`)
  if (file.newPath !== undefined && file.newPath !== file.path) {
    return refused(422, `${file.path}: an entry's id cannot change in a draft; publish or delete the draft first, then change it`)
  }
  const named = entryNameOf(folder, file.path)
  const collection = params.options.collectionName ?? named?.collection
  const slug = file.slug ?? named?.slug
  if (collection === undefined || slug === undefined || entryPathOf(folder, collection, slug) !== file.path) {
    return refused(422, `${file.path}: not the entry of collection ${collection ?? '?'}`)
  }
  // Uploads the entry names (an image replaced before saving is not sent on).
  const assets = params.assets.filter((each) => file.raw.includes(`/media/${posix.basename(each.path)}`))
  for (const each of assets) {
    const problem = uploadProblem(folder, each.path, each.content)
    if (problem) return refused(422, problem)
  }
  const { ContentError, entryText, saveProblem } = await import('../../embedded-cms/index.server')
  return underSaveLock(folder, async () => {
    const draft = readDraft(folder, file.path)
    const published = readInFolder(folder, file.path)
    // The editor's tab sends the version it opened: the draft's, or the published file's when there was no draft.
    const opened = params.base[file.path] ?? null
    if (draft ? opened !== draft.version : opened !== (published ? versionOf(published) : null)) return conflict(file.path)
    // Uploads go into the media library at once (only an entry naming them shows them), but never over another image.
    for (const each of assets) {
      const existing = readInFolder(folder, each.path)
      if (existing && !existing.equals(Buffer.from(each.content, 'base64'))) {
        return refused(
          409,
          `${posix.basename(each.path)}: the media library has another image of this name; rename yours, or choose that one`,
        )
      }
    }
    let text: string
    try {
      text = entryText(file.path, draft?.text ?? published?.toString('utf8'), file.raw, now)
    } catch (error) {
      if (error instanceof ContentError) return refused(422, error.message)
      throw error
    }
    // Checked as its publish would be: a draft that could not go live is refused now, while the editor is at it.
    const change = {
      write: [{ path: file.path, data: text }, ...assets.map((each) => ({ path: each.path, data: Buffer.from(each.content, 'base64') }))],
      remove: [],
    }
    // Links it would break elsewhere are asked about at its publish, when they would break (ADR 094).
    const problem = saveProblem(folder.root, change)
    if (problem) return await problemRefusal(folder, change, problem, options.language)
    for (const each of assets) writeInFolder(folder, each.path, Buffer.from(each.content, 'base64'))
    writeDraft(
      folder,
      {
        path: file.path,
        collection,
        slug,
        status: draft?.meta.status ?? params.options.status ?? 'draft',
        base: draft ? draft.meta.base : published ? versionOf(published) : null,
        updatedAt: now.toISOString(),
      },
      text,
    )
    return ok({ message: 'draft saved', versions: { [file.path]: versionOf(text) } })
  })
}

/** publishUnpublishedEntry: the draft through the checked save, then the draft let go. */
async function publish(folder: ContentFolder, file: string, now: Date, options: SaveOptions): Promise<Outcome> {
  const draft = readDraft(folder, file)
  if (!draft) return refused(404, `${file}: no draft to publish`)
  const save: EntrySave = { dataFiles: [{ path: file, raw: draft.text }], assets: [], base: { [file]: draft.meta.base } }
  const outcome = await saveEntry(folder, save, now, options)
  // Another's publish came first; the other 409s (links the publish would break, for the editor to
  // decide in problems-script.ts; links changed while mended) say what to do themselves.
  const versionConflict = typeof outcome.body === 'object' && outcome.body !== null && 'conflict' in outcome.body
  if (outcome.status === 409 && versionConflict) {
    return refused(
      409,
      `${file} was published by someone else after this draft was begun. Copy your changes, delete the draft ("Delete unpublished changes") and make them again.`,
    )
  }
  if (outcome.status !== 200) return outcome
  // Let the draft go, unless it was saved again meanwhile (that newer draft waits for its own publish).
  await underSaveLock(folder, () => {
    if (readDraft(folder, file)?.version === draft.version) removeDraft(folder, file)
    return ok(null)
  })
  return outcome
}

/** The calls of the editorial workflow. */
export async function performWorkflow(folder: ContentFolder, input: WorkflowCall, now: Date, options: SaveOptions): Promise<Outcome> {
  switch (input.action) {
    case 'unpublishedEntries':
      return ok(listDrafts(folder).map((draft) => draft.meta.path))
    case 'getNotes':
      return ok({ notes: [] })
    case 'getPRMetadata':
      return ok({ metadata: null })
    case 'unpublishedEntry': {
      const { id, collection, slug } = input.params
      const file = id ?? (collection !== undefined && slug !== undefined ? entryPathOf(folder, collection, slug) : undefined)
      const draft = file === undefined || writableKind(folder, file) !== 'entry' ? undefined : readDraft(folder, file)
      // 404: Decap's sign for "not under editorial workflow" (the published entry is opened instead).
      if (!draft) return refused(404, 'No draft')
      return ok(id === undefined ? describe(folder, draft, collection, slug) : describe(folder, draft))
    }
    case 'unpublishedEntryDataFile': {
      const file = entryPathOf(folder, input.params.collection, input.params.slug)
      const draft = file === input.params.path ? readDraft(folder, input.params.path) : undefined
      if (!draft) return refused(404, `${input.params.path}: no draft`)
      // The file's version too: the editor's tab sends it back with the next save (session-script.ts).
      return ok({ data: draft.text, file: { path: draft.meta.path, id: draft.version } })
    }
    case 'unpublishedEntryMediaFile': {
      // A draft's uploads are in the media library (saveDraft).
      const bytes = writableKind(folder, input.params.path) === 'media' ? readInFolder(folder, input.params.path) : undefined
      if (!bytes) return refused(404, `${input.params.path}: no such file`)
      const { path: file } = input.params
      return ok({ id: versionOf(bytes), content: bytes.toString('base64'), encoding: 'base64', path: file, name: posix.basename(file) })
    }
    case 'updateUnpublishedEntryStatus': {
      const file = entryPathOf(folder, input.params.collection, input.params.slug)
      if (file === undefined) return refused(404, 'No draft')
      return underSaveLock(folder, () => {
        const draft = readDraft(folder, file)
        if (!draft) return refused(404, `${file}: no draft`)
        writeDraftMeta(folder, { ...draft.meta, status: input.params.newStatus, updatedAt: now.toISOString() })
        return ok({ message: 'status updated' })
      })
    }
    case 'publishUnpublishedEntry': {
      const file = entryPathOf(folder, input.params.collection, input.params.slug)
      return file === undefined ? refused(404, 'No draft') : publish(folder, file, now, options)
    }
    case 'deleteUnpublishedEntry': {
      const file = entryPathOf(folder, input.params.collection, input.params.slug)
      if (file === undefined) return refused(404, 'No draft')
      return underSaveLock(folder, () => {
        removeDraft(folder, file)
        // The tab goes on from the published file (or none): its next save is checked against that.
        const published = readInFolder(folder, file)
        return ok({ message: 'draft deleted', versions: { [file]: published ? versionOf(published) : null } })
      })
    }
    case 'persistEntry':
      return saveDraft(folder, input.params, now, options)
  }
}
