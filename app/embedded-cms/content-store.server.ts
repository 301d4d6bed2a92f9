import { resolve } from 'node:path'
import { getRuntimeConfig } from '../server/env.server'
import { readContent } from './content/read'
import { buildContent, ProjectionMemo, type EmbeddedContent } from './content/projection'
import { logger } from '../server/logger.server'
import { watchFolders, type FolderWatch } from './watch-folders.server'

/**
 * The embedded CMS: content files served through the site's GraphQL
 * contract, in-process. Content is loaded once, validated, and reloaded when
 * a file changes (a reload that fails validation is logged and the last good
 * content stays in service).
 */

/** What visitors see, and what an editor in preview mode sees (drafts too). */
interface Loaded {
  published: EmbeddedContent
  preview: EmbeddedContent
}

let content: Loaded | undefined
/** What the content online was built with: the next build reuses what did not change. */
let memo: ProjectionMemo | undefined
let watcher: FolderWatch | undefined
const listeners = new Set<() => void>()

/** How long to wait after the last file event: an editor's save or a git checkout fires many. */
const reloadDebounceMs = 100

function contentDir(): string {
  return resolve(process.cwd(), getRuntimeConfig().CONTENT_DIR)
}

/**
 * (Re)loads all content; throws a ContentError naming file and field when it
 * is invalid (and keeps the previous content). Without `dir` it loads
 * CONTENT_DIR and starts watching it; tests pass a fixture folder.
 */
export function reloadContent(dir?: string): Loaded {
  const raw = readContent(dir ?? contentDir())
  // Both are checked now, so a draft's mistakes show up as soon as it is saved; preview first: it
  // holds every file, so its messages point at the right places (menu positions shift without drafts).
  const nextMemo = new ProjectionMemo(memo)
  const preview = buildContent(raw, { drafts: true, memo: nextMemo })
  const next = { preview, published: buildContent(raw, { drafts: false, memo: nextMemo }) }
  const previous = content
  content = next
  memo = nextMemo
  // Started here rather than on first request, so a server that validated
  // content at start-up (lifecycle.server.ts) also picks up later edits.
  if (dir === undefined) watchContent()
  // Only a change invalidates caches; the first load has nothing cached yet
  // (and clearing would abort the very request that triggered the load).
  if (previous) for (const listener of listeners) listener()
  return next
}

/** The content visitors see, or with `preview` the content including drafts. */
export function currentContent(preview = false): EmbeddedContent {
  const loaded = content ?? reloadContent()
  return preview ? loaded.preview : loaded.published
}

function watchContent(): void {
  if (watcher) return
  try {
    watcher = watchFolders(
      contentDir(),
      () => {
        const started = performance.now()
        try {
          reloadContent()
          logger.info({ durationMs: Math.round(performance.now() - started) }, '[cms] content reloaded')
        } catch (error) {
          // A file read mid-save (half-written YAML) lands here too: its last write brings another event.
          logger.error(
            `[cms] content not reloaded, still serving the last good version:\n${error instanceof Error ? error.message : String(error)}`,
          )
        }
      },
      {
        quietMs: reloadDebounceMs,
        // Losing live reload of a folder must not stop the server.
        onError: (error, folder) => logger.warn({ err: error, folder }, '[cms] cannot watch a content folder for changes'),
      },
    )
  } catch (error) {
    logger.warn({ err: error }, '[cms] cannot watch content for changes')
  }
}

/** Stops watching content files (for tests that load content from a temporary folder). */
export function stopWatchingContent(): void {
  watcher?.close()
  watcher = undefined
}

/** Called after every successful reload: caches of CMS results are out of date. Returns an unsubscribe function. */
export function onContentChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
