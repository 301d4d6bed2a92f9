import { createHash, randomBytes } from 'node:crypto'
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { basename, dirname, extname, join, posix } from 'node:path'
import { mediaTypes } from '../../media/media-files'

/**
 * The content folder as the admin's API sees it, by Decap's paths (`content/pages/x.yaml`): only
 * files inside it, never through a symbolic link, only where a collection keeps its files (an
 * entry's YAML in its collection's folder, an upload in the media folder), and hidden files not
 * at all. A write is a new file renamed over the old one: a reader never sees half a file, and a
 * link at the target is replaced, not followed.
 */

export interface ContentFolder {
  /** The folder on disk. */
  root: string
  /** Its name, the first segment of Decap's paths. */
  name: string
  /** Folders of the folder collections (`content/news`), each entry one YAML file directly in it. */
  entryFolders: ReadonlySet<string>
  /** Files of the file collections (`content/site.yaml`). */
  entryFiles: ReadonlySet<string>
  /** The media folder (`content/media`). */
  mediaFolder: string
  /**
   * Decap's collections by name: a folder collection's folder, or a file collection's files by
   * name (the editorial workflow names an entry by collection and slug).
   */
  collections?: ReadonlyMap<string, string | ReadonlyMap<string, string>>
}

export type FileKind = 'entry' | 'media'

/** What kind of file the admin may write at `path`, or undefined where it may not. */
export function writableKind(folder: ContentFolder, path: string): FileKind | undefined {
  if (resolveInFolder(folder, path) === undefined) return undefined
  if (folder.entryFiles.has(path)) return 'entry'
  const parent = posix.dirname(path)
  const name = posix.basename(path)
  if (folder.entryFolders.has(parent) && /^[\w-]+\.yaml$/.test(name)) return 'entry'
  if (parent === folder.mediaFolder && extname(name).toLowerCase() in mediaTypes) return 'media'
  return undefined
}

/**
 * The file on disk that `path` names inside the folder (it may not exist yet), or undefined when
 * it names anything else: outside, hidden, through a link, or a folder where a file should be.
 */
export function resolveInFolder(folder: ContentFolder, path: string, expected: 'file' | 'folder' = 'file'): string | undefined {
  const parts = path.split('/')
  if (parts[0] !== folder.name || parts.length < 2) return undefined
  const inside = parts.slice(1)
  if (inside.some((part) => part === '' || part.startsWith('.') || /[\\\0:]/.test(part))) return undefined
  let current = folder.root
  for (const [index, part] of inside.entries()) {
    current = join(current, part)
    let stat
    try {
      stat = lstatSync(current)
    } catch {
      // Not there (yet): neither is anything below it.
      return join(current, ...inside.slice(index + 1))
    }
    const last = index === inside.length - 1
    if (stat.isSymbolicLink() || (last && expected === 'file' ? !stat.isFile() : !stat.isDirectory())) return undefined
  }
  return current
}

/** A file's version, as Decap's file-system backend gives it: the SHA-256 of its bytes. */
export const versionOf = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex')

/** A file's bytes, or undefined when there is none (or it is not one the admin may read). */
export function readInFolder(folder: ContentFolder, path: string): Buffer | undefined {
  const file = resolveInFolder(folder, path)
  if (!file) return undefined
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/** The regular files directly in a folder of the content folder, by Decap's path (no links, no hidden files). */
export function filesIn(folder: ContentFolder, path: string, extension = ''): string[] {
  const dir = resolveInFolder(folder, path, 'folder')
  if (!dir) return []
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && entry.name.endsWith(extension ? `.${extension}` : ''))
      .map((entry) => `${path}/${entry.name}`)
      .sort()
  } catch {
    return []
  }
}

/** How many files this process wrote or removed: the save lock announces a change to every instance (ADR 107). */
let changes = 0
export const changesMade = (): number => changes

/** Writes a file whole (a new file renamed over the old one). */
export function writeInFolder(folder: ContentFolder, path: string, data: string | Uint8Array): void {
  const file = resolveInFolder(folder, path)
  if (!file) throw new Error(`${path}: not a file of the content folder`)
  mkdirSync(dirname(file), { recursive: true })
  // Hidden: the content watcher and the reader skip it until it has its name.
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    writeFileSync(temporary, data, { flag: 'wx' })
    renameSync(temporary, file)
    changes++
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

/** Removes a file, if there is one. */
export function removeInFolder(folder: ContentFolder, path: string): void {
  const file = resolveInFolder(folder, path)
  if (!file) throw new Error(`${path}: not a file of the content folder`)
  try {
    unlinkSync(file)
    changes++
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error
  }
}
