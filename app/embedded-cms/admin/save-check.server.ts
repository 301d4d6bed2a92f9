import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { buildContent } from '../content/projection.server'
import { ContentError, parseContentYaml, readContent } from '../content/read'
import { withoutClearedTexts } from './cleared-texts'
import { contentModel } from './decap-config'
import { editedYaml, stampKind, stamped, withoutStaleSizes } from './yaml-edit'

/**
 * What a save from /admin would change in the content folder: files written (text) and files
 * deleted, by path in the repository around the folder (Decap's paths: `content/news/x.yaml`).
 */
export interface ProposedChange {
  /** A content file's text, or an uploaded file's bytes. */
  write: Array<{ path: string; data: string | Uint8Array }>
  remove: string[]
}

/**
 * `to` with every file under `from`, hard-linked (no copying, and the media checks accept only
 * files really inside the folder, not symbolic links out of it); copied across file systems.
 */
function linkFiles(from: string, to: string): void {
  if (!existsSync(from)) return
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name)
    const target = join(to, entry.name)
    if (entry.name.startsWith('.')) continue
    if (entry.isDirectory()) linkFiles(source, target)
    else if (entry.isFile()) {
      try {
        linkSync(source, target)
      } catch {
        copyFileSync(source, target)
      }
    }
  }
}

/** The prefix of the scratch copies' folders, beside the content folder (git-ignored). */
const scratchPrefix = '.admin-save-'

/**
 * Removes scratch copies left beside the content folder (a check cut short by the process's end).
 * Only while no check runs: at start-up, or under the admin's save lock.
 */
export function removeScratchCopies(contentDir: string): void {
  const parent = dirname(resolve(contentDir))
  for (const entry of readdirSync(parent, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name.startsWith(scratchPrefix)) rmSync(join(parent, entry.name), { recursive: true, force: true })
  }
}

/** A path inside `folder` given from `base`, or undefined for one that leaves it (`..`, absolute). */
function inside(folder: string, base: string, path: string): string | undefined {
  const target = resolve(base, path)
  const rel = relative(folder, target)
  return rel === '' || rel.startsWith('..') || rel.startsWith(sep) ? undefined : target
}

/**
 * The server's own refusal of a save, or undefined when the content folder with the change is
 * valid: every file read and checked as a reload would (read.ts, projection.server.ts), on a copy of
 * the folder, so the files the site serves are never touched by a save it refuses. The message
 * names file, line and field as the server log would (`content/pages/about.yaml:3:1: title.nl: …`).
 */
export function saveProblem(contentDir: string, change: ProposedChange): string | undefined {
  const root = resolve(contentDir)
  removeScratchCopies(contentDir)
  // Beside the folder, on its file system (hard links); hidden, and outside the watched folder.
  const scratch = mkdtempSync(join(dirname(root), scratchPrefix))
  // The copy keeps the folder's name: messages then name files as the server does.
  const copy = join(scratch, basename(root))
  try {
    // The YAML copied, the media linked (the checks read image sizes from them): an upload saved
    // with the entry is put beside them, and nothing removed here is removed from the folder.
    // Links are not copied (a write through one would land outside the copy), nor hidden files (never content).
    cpSync(root, copy, {
      recursive: true,
      filter: (source) =>
        source === root || (source !== join(root, 'media') && !basename(source).startsWith('.') && !lstatSync(source).isSymbolicLink()),
    })
    linkFiles(join(root, 'media'), join(copy, 'media'))
    for (const path of change.remove) {
      const target = inside(copy, scratch, path)
      if (target && existsSync(target)) unlinkSync(target)
    }
    for (const { path, data } of change.write) {
      const target = inside(copy, scratch, path)
      if (!target) return `${path}: not a file in the content folder`
      mkdirSync(dirname(target), { recursive: true })
      if (existsSync(target)) unlinkSync(target)
      writeFileSync(target, data)
    }
    const raw = readContent(copy)
    buildContent(raw, { drafts: true })
    buildContent(raw, { drafts: false })
    return undefined
  } catch (error) {
    if (error instanceof ContentError) return error.message
    throw error
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** The schema of a content file by its path (`content/pages/x.yaml`), as the admin's forms are generated from. */
function schemaOfFile(path: string): unknown {
  const [, folder, name] = /^[^/]+\/(?:(pages|news|locations)\/)?([^/]+)$/.exec(path) ?? []
  if (folder === 'pages') return contentModel.page
  if (folder === 'news') return contentModel.news
  if (folder === 'locations') return contentModel.location
  if (name === 'site.yaml') return contentModel.site
  if (name === 'navigation.yaml') return contentModel.navigation
  return undefined
}

/**
 * The text an entry's file gets from a save: Decap's YAML (`raw`, bounded and parsed as content
 * is) merged into the file's text (`before`; undefined for a new file), with `lastEdited` set
 * where content keeps it. A ContentError names file, line and field when `raw` is not content.
 */
export function entryText(path: string, before: string | undefined, raw: string, now: Date): string {
  const schema = schemaOfFile(path)
  const sent = parseContentYaml(path, raw)
  const value = schema === undefined ? sent : withoutClearedTexts(schema, sent)
  let earlier: unknown
  try {
    earlier = before === undefined ? undefined : parseContentYaml(path, before)
  } catch {
    // The file on disk is broken (a start would have refused it): the save replaces it whole.
    earlier = undefined
  }
  return editedYaml(earlier === undefined ? undefined : before, stamped(stampKind(path), earlier, withoutStaleSizes(earlier, value), now))
}
