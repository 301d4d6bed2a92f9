import { readdirSync } from 'node:fs'
import { posix } from 'node:path'
import * as v from 'valibot'
import { readInFolder, removeInFolder, resolveInFolder, versionOf, writeInFolder, type ContentFolder } from './content-folder.server'

/**
 * Unpublished entries (Decap's editorial workflow) kept in the content folder itself, so every
 * worker and instance sharing the folder sees the same ones (ADR 092): the draft of a page is
 * `drafts/pages/<id>.yaml` in the content folder, a whole entry file as a save
 * would write it, with `drafts/pages/<id>.workflow.json` beside it (status, the published
 * version it was begun from, when). The site's reader never reads
 * `drafts/` for visitors; preview mode reads it over the published files (read.ts).
 * Every write here happens under the admin's save lock (local-save.server.ts).
 */

/** The folder of the drafts inside the content folder (read.ts overlays it in preview mode). */
export const draftsFolderName = 'drafts'

/** Decap's workflow columns: Drafts, In review, Ready. */
export const workflowStatuses = ['draft', 'pending_review', 'pending_publish'] as const
export type WorkflowStatus = (typeof workflowStatuses)[number]

const metaSchema = v.object({
  /** The entry's file (Decap's path: `content/pages/about.yaml`): the draft's id. */
  path: v.string(),
  /** The collection the draft was saved in (several collections list content/pages). */
  collection: v.string(),
  slug: v.string(),
  status: v.picklist(workflowStatuses),
  /** The version of the published file the draft was begun from (null: no published file then). */
  base: v.nullable(v.string()),
  updatedAt: v.string(),
})
export type DraftMeta = v.InferOutput<typeof metaSchema>

export interface Draft {
  meta: DraftMeta
  /** The entry file's whole text, as publishing writes it. */
  text: string
  /** The version of that text (what the editor's tab opened). */
  version: string
}

/** An entry's path → its draft's path (`pages/<id>.yaml` → `drafts/pages/<id>.yaml`, inside the content folder). */
export function draftPathOf(folder: ContentFolder, path: string): string {
  return `${folder.name}/${draftsFolderName}/${path.slice(folder.name.length + 1)}`
}

const metaPathOf = (folder: ContentFolder, path: string) => draftPathOf(folder, path).replace(/\.yaml$/, '.workflow.json')

/** The draft of an entry's file, or undefined when it has none (or its files are unreadable). */
export function readDraft(folder: ContentFolder, path: string): Draft | undefined {
  const bytes = readInFolder(folder, draftPathOf(folder, path))
  const metaBytes = readInFolder(folder, metaPathOf(folder, path))
  if (!bytes || !metaBytes) return undefined
  let data: unknown
  try {
    data = JSON.parse(metaBytes.toString('utf8'))
  } catch {
    return undefined
  }
  const meta = v.safeParse(metaSchema, data)
  if (!meta.success || meta.output.path !== path) return undefined
  return { meta: meta.output, text: bytes.toString('utf8'), version: versionOf(bytes) }
}

/** Writes a draft (its text first: a status without text is no draft). */
export function writeDraft(folder: ContentFolder, meta: DraftMeta, text: string): void {
  writeInFolder(folder, draftPathOf(folder, meta.path), text)
  writeInFolder(folder, metaPathOf(folder, meta.path), `${JSON.stringify(meta, null, 2)}\n`)
}

/** Writes a draft's status data alone (a new status). */
export function writeDraftMeta(folder: ContentFolder, meta: DraftMeta): void {
  writeInFolder(folder, metaPathOf(folder, meta.path), `${JSON.stringify(meta, null, 2)}\n`)
}

/** Removes a draft (its status first: a text without status is ignored, and preview then shows it no more once the text goes too). */
export function removeDraft(folder: ContentFolder, path: string): void {
  removeInFolder(folder, metaPathOf(folder, path))
  removeInFolder(folder, draftPathOf(folder, path))
}

/** Every draft in the folder, by its entry's path (two levels: a file collection's draft directly in `drafts/`, a folder's below). */
export function listDrafts(folder: ContentFolder): Draft[] {
  const root = `${folder.name}/${draftsFolderName}`
  const drafts: Draft[] = []
  const visit = (path: string, depth: number) => {
    const dir = resolveInFolder(folder, path, 'folder')
    if (!dir) return
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue
      if (entry.isDirectory() && depth < 1) visit(`${path}/${entry.name}`, depth + 1)
      else if (entry.isFile() && entry.name.endsWith('.workflow.json')) {
        const inside = `${path}/${entry.name.replace(/\.workflow\.json$/, '.yaml')}`.slice(root.length + 1)
        const draft = readDraft(folder, `${folder.name}/${inside}`)
        if (draft) drafts.push(draft)
      }
    }
  }
  visit(root, 0)
  return drafts.sort((a, b) => a.meta.path.localeCompare(b.meta.path))
}

/** The slug Decap gives an entry's file in a folder collection: its name without `.yaml`. */
export const slugOfPath = (path: string) => posix.basename(path, '.yaml')
