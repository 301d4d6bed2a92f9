import * as v from 'valibot'
import { logger } from '../platform/logger.server'
import type { AdminLanguage } from '../../embedded-cms/index.server'
import { readInFolder, versionOf, type ContentFolder } from './content-folder.server'
import { readDraft } from './drafts.server'
import { entryHistory, storedVersion, type Author, type StoredVersion } from './history.server'
import { saveEntry, type Outcome } from './local-save.server'
import { entryPathOf, performWorkflow } from './workflow.server'

/**
 * The History panel's calls (history-script.ts, ADR 106), answered by the site's API beside
 * Decap's: an entry's versions, what one of them said against the published text, and a
 * restore, as the entry's draft (the drafts' path: an editor's) or published at once (the
 * checked save with its version check: a publisher's; roles.ts). The entry is named as in the
 * admin's address (collection and slug), a version by its number.
 */

const name = v.pipe(v.string(), v.maxLength(100))
const versionId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER))
/** The version of the file the panel's restore goes over (the draft's, else the published file's; null: none). */
const base = v.nullable(v.pipe(v.string(), v.maxLength(100)))

export const historyCall = v.variant('action', [
  v.object({ action: v.literal('entryHistory'), params: v.object({ collection: name, slug: name }) }),
  v.object({ action: v.literal('entryVersion'), params: v.object({ collection: name, slug: name, id: versionId }) }),
  v.object({
    action: v.picklist(['restoreAsDraft', 'restoreAndPublish']),
    params: v.object({ collection: name, slug: name, id: versionId, base }),
  }),
])
export type HistoryCall = v.InferOutput<typeof historyCall>

export interface HistoryOptions {
  now: Date
  language: AdminLanguage
  /** The signed-in editor; undefined for the local admin. */
  author: Author | undefined
}

const refused = (status: number, error: string): Outcome => ({ status, body: { error } })

/** The version `id` of the entry's file, or the refusal (404: none, or another entry's). */
async function versionOfEntry(file: string, id: number, language: AdminLanguage): Promise<StoredVersion | Outcome> {
  const { historyRefusals } = await import('../../embedded-cms/index.server')
  const version = await storedVersion(id)
  return version && version.path === file ? version : refused(404, historyRefusals.noVersion[language])
}

async function answer(folder: ContentFolder, input: HistoryCall, options: HistoryOptions): Promise<Outcome> {
  const { language } = options
  const { collection, slug } = input.params
  const { fieldChanges, fieldPathLabel, historyRefusals: words, shownValue } = await import('../../embedded-cms/index.server')
  const file = entryPathOf(folder, collection, slug)
  if (file === undefined) return refused(404, words.noEntry[language])
  switch (input.action) {
    case 'entryHistory': {
      const published = readInFolder(folder, file)
      const draft = readDraft(folder, file)
      const versions = await entryHistory(file)
      // A deleted entry keeps its history; a name that never was an entry has none.
      if (!published && !draft && versions.length === 0) return refused(404, words.noEntry[language])
      return {
        status: 200,
        body: {
          path: file,
          // The versions a restore goes over: the panel sends the one it saw back (409 when it is not current).
          published: published ? versionOf(published) : null,
          draft: draft?.version ?? null,
          // Who, by name: the panel shows no addresses, so none is sent to every editor.
          versions: versions.map(({ email: _email, ...version }) => ({
            ...version,
            changed: version.changed.map((path) => fieldPathLabel(path, language)),
          })),
        },
      }
    }
    case 'entryVersion': {
      const version = await versionOfEntry(file, input.params.id, language)
      if ('status' in version) return version
      const current = readInFolder(folder, file)?.toString('utf8')
      const fields = fieldChanges(file, version.text ?? undefined, current).map((change) => ({
        field: fieldPathLabel(change.path.join('.'), language),
        before: shownValue(change.before),
        after: shownValue(change.after),
      }))
      return { status: 200, body: { id: version.id, at: version.at, action: version.action, author: version.author, fields } }
    }
    default: {
      const version = await versionOfEntry(file, input.params.id, language)
      if ('status' in version) return version
      if (version.text === null) return refused(422, words.deleted[language])
      const { base } = input.params
      if (input.action === 'restoreAsDraft') {
        const draft = {
          action: 'persistEntry' as const,
          params: {
            dataFiles: [{ path: file, raw: version.text, slug }],
            assets: [],
            base: { [file]: base },
            options: { useWorkflow: true as const, collectionName: collection },
          },
        }
        return performWorkflow(folder, draft, options.now, { language, mend: false })
      }
      const save = { dataFiles: [{ path: file, raw: version.text }], assets: [], base: { [file]: base } }
      return saveEntry(folder, save, options.now, { language, mend: false, history: { author: options.author, restore: true } })
    }
  }
}

/** Answers a history call; a database that cannot be reached is a 503 with a message, never a 500. */
export async function performHistory(folder: ContentFolder, input: HistoryCall, options: HistoryOptions): Promise<Outcome> {
  try {
    return await answer(folder, input, options)
  } catch (error) {
    logger.error({ err: error, action: input.action }, '[admin] history call failed')
    const { historyRefusals } = await import('../../embedded-cms/index.server')
    return refused(503, historyRefusals.unavailable[options.language])
  }
}
