import { existsSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { getRuntimeConfig } from '../server/platform/env.server'
import { ContentError, draftsFolder, readContentSteps, type ParsedFiles, type ReplacedFile } from './content/read'
import { dayIn, nextPublication, startOfDay } from './content/schedule'
import { loadParsedFiles, saveParsedFiles } from './content/parse-cache.server'
import { buildContentSteps, ProjectionMemo, type EmbeddedContent } from './content/projection.server'
import { runAtOnce, runInSlices, type Steps } from './content/steps'
import { logger } from '../server/platform/logger.server'
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
/** Whether this process serves the content (a server, not a one-off read): only then is a scheduled item's day waited for. */
let serving = false
const listeners = new Set<() => void>()

/** How long to wait after the last file event: an editor's save or a git checkout fires many. */
const reloadDebounceMs = 100

function contentDir(): string {
  return resolve(process.cwd(), getRuntimeConfig().CONTENT_DIR)
}

/** The next content and what it was built with, not yet online. */
interface Built {
  loaded: Loaded
  memo: ProjectionMemo
  /** The next date a scheduled news item is out (schedule.ts), if any. */
  nextPublication: string | undefined
}

/**
 * Reads and builds all content in steps (steps.ts); throws a ContentError naming file and field
 * when it is invalid. With `parsed`, YAML parsed by an earlier start is reused (read.ts).
 */
function* buildSteps(dir: string, parsed?: ParsedFiles): Steps<Built> {
  const raw = yield* readContentSteps(dir, parsed)
  const next = new ProjectionMemo(memo)
  const today = dayIn(new Date())
  // Both are checked now, so a draft's mistakes show up as soon as it is saved; preview first: it
  // holds every file, so its messages point at the right places (menu positions shift without drafts).
  // The two share every value they can (ProjectionMemo), and the content online shares the unchanged ones.
  let preview = yield* buildContentSteps(raw, { drafts: true, memo: next })
  const published = yield* buildContentSteps(raw, { drafts: false, memo: next, today })
  // The admin's unpublished entries over the published files, for preview mode only (ADR 092).
  // Each was checked as its publish would be; one that no longer fits (another publish since)
  // costs only the preview of the drafts, never the content visitors see.
  const drafts = join(dir, draftsFolder)
  if (hasDrafts(drafts)) {
    try {
      preview = yield* buildContentSteps(yield* readContentSteps(dir, parsed, { drafts }), { drafts: true, memo: next })
    } catch (error) {
      if (!(error instanceof ContentError)) throw error
      logger.warn(`[cms] preview shows the published content without the drafts: a draft does not fit it:\n${error.message}`)
    }
  }
  return {
    loaded: { preview, published },
    memo: next,
    nextPublication: nextPublication(
      raw.news.map(({ item }) => item.date),
      today,
    ),
  }
}

/** Whether the drafts folder holds a draft: without one, preview is the content with its offline pages (no second read). */
function hasDrafts(folder: string): boolean {
  if (!existsSync(folder)) return false
  try {
    return readdirSync(folder, { recursive: true, encoding: 'utf8' }).some((name) => name.endsWith('.yaml'))
  } catch {
    return false
  }
}

/** Puts built content online at once (between two requests) and tells the listeners. */
function install(built: Built): Loaded {
  const previous = content
  content = built.loaded
  memo = built.memo
  nextDate = built.nextPublication
  schedulePublication()
  // Only a change invalidates caches; the first load has nothing cached yet
  // (and clearing would abort the very request that triggered the load).
  if (previous) for (const listener of listeners) listener()
  return built.loaded
}

/**
 * (Re)loads all content at once; throws a ContentError naming file and field when it
 * is invalid (and keeps the previous content). Without `dir` it loads
 * CONTENT_DIR and starts watching it; tests pass a fixture folder.
 */
export function reloadContent(dir?: string): Loaded {
  const loaded = install(runAtOnce(buildSteps(dir ?? contentDir())))
  // Started here rather than on first request, so a server that validated
  // content at start-up (lifecycle.server.ts) also picks up later edits.
  if (dir === undefined) watchContent()
  return loaded
}

/** Where a start keeps the content's parsed YAML for the next one (parse-cache.server.ts). */
function parseCacheFile(): string {
  return resolve(process.cwd(), getRuntimeConfig().DATA_DIR, 'content-parse-cache.json')
}

/**
 * Loads CONTENT_DIR at start-up (a ContentError when it is invalid) and starts watching it.
 * YAML parsed by the last start is reused for files whose text is the same, and what this
 * start parsed is kept for the next one; a cache that cannot be written costs only speed.
 */
export function loadContentAtStart(): void {
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const file = parseCacheFile()
  const parsed = loadParsedFiles(file)
  install(runAtOnce(buildSteps(contentDir(), parsed)))
  let saved = false
  try {
    saved = saveParsedFiles(file, parsed)
  } catch (error) {
    logger.warn({ err: error, file }, '[cms] cannot keep the parsed content for the next start')
  }
  const reused = [...parsed.now.keys()].filter((digest) => parsed.earlier.has(digest)).length
  const cpu = process.cpuUsage(cpuBefore)
  // One line per start, the first worker's (the others' at debug): a start prints little before it serves.
  logger[(process.env.WORKER_ID ?? '1') === '1' ? 'info' : 'debug'](
    {
      durationMs: Math.round(performance.now() - started),
      // CPU time too: on a busy machine the wall time says more about the neighbours.
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      texts: parsed.now.size,
      parsedBefore: reused,
      saved,
    },
    '[cms] content loaded',
  )
  watchContent()
}

/** The reload under way, if any, and whether files changed again since it started. */
let reloading: Promise<void> | undefined
let changedAgain = false

/**
 * Reloads CONTENT_DIR after an edit while the site serves: read and built in slices between
 * requests (a reload of thousands of files took seconds of the only thread), then put
 * online at once. One at a time: changes during a reload bring one more after it.
 */
export function reloadContentInBackground(): Promise<void> {
  if (reloading) {
    changedAgain = true
    return reloading
  }
  reloading = (async () => {
    do {
      changedAgain = false
      const started = performance.now()
      try {
        install(await runInSlices(buildSteps(contentDir())))
        logger.info({ durationMs: Math.round(performance.now() - started) }, '[cms] content reloaded')
      } catch (error) {
        // A file read mid-save (half-written YAML) lands here too: its last write brings another event.
        logger.error(
          `[cms] content not reloaded, still serving the last good version:\n${error instanceof Error ? error.message : String(error)}`,
        )
      }
    } while (changedAgain)
  })().finally(() => {
    reloading = undefined
  })
  return reloading
}

/**
 * The paths of every image variant the content links to, drafts included: known from building
 * it, so no walk over the whole content (seconds on the only thread with thousands of news
 * items, after every edit).
 */
export function currentVariantPaths(): Set<string> {
  if (!memo) reloadContent()
  return memo?.variantPaths() ?? new Set()
}

/** The content visitors see, or with `preview` the content including drafts. */
export function currentContent(preview = false): EmbeddedContent {
  const loaded = content ?? reloadContent()
  return preview ? loaded.preview : loaded.published
}

/**
 * The content with one file's text replaced (`file` inside the content folder: `pages/about.yaml`) (an editor's unsaved values, for the admin's preview):
 * read and checked as a reload would, with and without drafts, sharing what it can with the
 * content online, and never put online. Returns what preview mode serves; throws a ContentError
 * naming file and field when the replaced file makes the content invalid.
 */
export function contentWith(replaced: ReplacedFile): EmbeddedContent {
  const dir = contentDir()
  const file = { file: resolve(dir, replaced.file), text: replaced.text }
  const next = new ProjectionMemo(memo)
  // Checked as the published content too: the save would be refused otherwise.
  runAtOnce(
    buildContentSteps(runAtOnce(readContentSteps(dir, undefined, { replaced: file })), {
      drafts: false,
      memo: next,
      today: dayIn(new Date()),
    }),
  )
  // What preview mode shows: the drafts too, with this entry's unsaved text over its draft. Another
  // entry's draft that no longer fits costs only the other drafts (as in buildSteps), not this preview.
  const drafts = join(dir, draftsFolder)
  try {
    return runAtOnce(
      buildContentSteps(runAtOnce(readContentSteps(dir, undefined, { drafts, replaced: file })), { drafts: true, memo: next }),
    )
  } catch (error) {
    if (!(error instanceof ContentError)) throw error
    return runAtOnce(buildContentSteps(runAtOnce(readContentSteps(dir, undefined, { replaced: file })), { drafts: true, memo: next }))
  }
}

function watchContent(): void {
  if (serving) return
  serving = true
  // Off on a shared content volume: the admin's announcements bring the reloads (ADR 107).
  if (getRuntimeConfig().CONTENT_WATCH === 'off') {
    schedulePublication()
    return
  }
  try {
    watcher = watchFolders(contentDir(), () => void reloadContentInBackground(), {
      quietMs: reloadDebounceMs,
      // Losing live reload of a folder must not stop the server.
      onError: (error, folder) => logger.warn({ err: error, folder }, '[cms] cannot watch a content folder for changes'),
    })
  } catch (error) {
    logger.warn({ err: error }, '[cms] cannot watch content for changes')
  }
  schedulePublication()
}

/** Stops watching content files (for tests that load content from a temporary folder). */
export function stopWatchingContent(): void {
  watcher?.close()
  watcher = undefined
  serving = false
  clearTimeout(publication)
  publication = undefined
}

let publication: ReturnType<typeof setTimeout> | undefined
/** The next date a scheduled news item of the content online is out. */
let nextDate: string | undefined
/** Longest wait setTimeout takes (about 24 days): a later date is waited for in turns. */
const longestWaitMs = 2 ** 31 - 1

/**
 * Builds the content again when the next scheduled news item's day begins (ADR 093): every
 * worker and instance does so by its own clock, and the reload clears the page caches as any
 * change does. Only while the content is served (a server, not a one-off read).
 */
function schedulePublication(): void {
  clearTimeout(publication)
  publication = undefined
  const date = nextDate
  if (date === undefined || !serving) return
  // A moment after the day begins: a clock a little behind still finds it begun.
  const wait = Math.min(startOfDay(date).getTime() - Date.now() + 1000, longestWaitMs)
  publication = setTimeout(
    () => {
      publication = undefined
      void reloadContentInBackground()
    },
    Math.max(wait, 0),
  )
  publication.unref()
}

/** Called after every successful reload: caches of CMS results are out of date. Returns an unsubscribe function. */
export function onContentChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
