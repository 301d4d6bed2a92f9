import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs'
import { basename, join } from 'node:path'

/**
 * Watches a folder tree for any change to its files, however it is written: in place, by
 * rename over the old file (editors' atomic save, `sed -i`, `git checkout`), delete and
 * re-create, new files and folders, renamed folders. Each folder has a watch of its own and no
 * file has one (ADR 031): a folder's watch reports every change to the names in it and lives as
 * long as the folder, while a watch on a file (what Node's recursive watch keeps on Linux) stays
 * with the file's first inode and goes deaf once the file is replaced by rename.
 */

export interface FolderWatch {
  close: () => void
}

export interface WatchFoldersOptions {
  /** How long to wait after the last event before `onChange`: one save or checkout fires many. */
  quietMs: number
  /** A folder that cannot be watched (e.g. the system's limit of watches is reached); the others still are. */
  onError: (error: unknown, folder: string) => void
}

/**
 * Hidden names are never content (read.ts reads `*.yaml` in known folders, content-media.server.ts serves
 * no hidden name): an editor's swap and backup files and a `.git` folder cause no reload.
 */
const isHidden = (name: string) => name.startsWith('.')

/** Every folder under `root` (itself included) with its inode: a folder renamed away and another made at its path is another folder. */
function foldersUnder(root: string): Map<string, number> {
  const found = new Map<string, number>()
  const visit = (folder: string) => {
    try {
      found.set(folder, statSync(folder).ino)
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.isDirectory() && !isHidden(entry.name)) visit(join(folder, entry.name))
      }
    } catch {
      // Removed while being listed: the event that tells of it brings another look.
    }
  }
  visit(root)
  return found
}

/**
 * Calls `onChange` once a change under `root` has settled (`quietMs` without events). Before
 * each call the folders are listed again: new and renamed folders get a watch, removed ones
 * lose theirs. A folder is watched before `onChange` reads it, so no write in it is missed.
 * Throws when `root` itself cannot be watched.
 */
export function watchFolders(root: string, onChange: () => void, { quietMs, onError }: WatchFoldersOptions): FolderWatch {
  const watched = new Map<string, { ino: number; watcher: FSWatcher }>()
  let timer: NodeJS.Timeout | undefined
  let closed = false

  const changed = (_event: string, name: string | null) => {
    if (name !== null && isHidden(basename(name))) return
    clearTimeout(timer)
    timer = setTimeout(settle, quietMs)
  }

  const unwatch = (folder: string) => {
    watched.get(folder)?.watcher.close()
    watched.delete(folder)
  }

  const startWatching = (folder: string, ino: number) => {
    const watcher = watch(folder, changed)
    watcher.on('error', (error) => {
      // Without a listener an FSWatcher error would crash the server. The folder is looked at again.
      onError(error, folder)
      unwatch(folder)
      changed('rename', null)
    })
    // Watching must not keep a process (a test run, a script) alive.
    watcher.unref()
    watched.set(folder, { ino, watcher })
  }

  const sync = () => {
    const folders = foldersUnder(root)
    for (const [folder, { ino }] of watched) if (folders.get(folder) !== ino) unwatch(folder)
    for (const [folder, ino] of folders) {
      if (watched.has(folder)) continue
      try {
        startWatching(folder, ino)
      } catch (error) {
        // Gone since it was listed (its parent's event brings another look), or out of watches.
        if (folder === root) throw error
        onError(error, folder)
      }
    }
  }

  function settle() {
    if (closed) return
    try {
      sync()
    } catch (error) {
      onError(error, root)
    }
    onChange()
  }

  sync()
  if (!watched.has(root)) throw new Error(`cannot watch ${root}: not a readable folder`)
  return {
    close() {
      closed = true
      clearTimeout(timer)
      for (const folder of watched.keys()) unwatch(folder)
    },
  }
}
