import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { link, readFile, rename, rm, stat, utimes } from 'node:fs/promises'

/**
 * The lock file that keeps two processes (workers, or instances on one volume) from encoding the
 * same variant at once (docs/decisions/028). It holds its owner's token, so a process only ever
 * touches or removes its own lock, and a lock left by a dead process is taken over by exactly one
 * of the processes that find it stale.
 */

/** Who holds a lock: the pid alone is not enough (two containers on one volume are both pid 1). */
export function lockToken(): string {
  return `${process.pid}.${randomBytes(6).toString('hex')}`
}

/** Creates the lock (O_EXCL) holding `token`, or false when it exists (another process is making the variant). */
export function takeLock(lock: string, token: string): boolean {
  try {
    writeFileSync(lock, token, { flag: 'wx' })
    return true
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false
    throw error
  }
}

/** How long since the lock was created or last touched; 0 when there is none. */
export async function lockAgeMs(lock: string): Promise<number> {
  try {
    return Date.now() - (await stat(lock)).mtimeMs
  } catch {
    return 0
  }
}

/**
 * Removes a lock found stale, when it still is: true for the one process that did (it may then
 * take the lock), false for the others. Not a plain rm: two processes that both saw it stale
 * would both rm, and the second rm could delete the fresh lock the first has made meanwhile.
 * rename is atomic, so only one process moves the lock away; the one that moved a fresh lock (it
 * saw the stale one, but another process replaced it first) puts it back.
 */
export async function takeOverStaleLock(lock: string, staleMs: number): Promise<boolean> {
  const moved = `${lock}.${lockToken()}.stale`
  try {
    await rename(lock, moved)
  } catch (error) {
    if (isCode(error, 'ENOENT')) return false
    throw error
  }
  // rename keeps the file's time: this is the lock that was judged, or a fresher one.
  const stale = Date.now() - (await stat(moved)).mtimeMs > staleMs
  if (!stale) {
    // link does not overwrite: when yet another lock has been made since, that one stays.
    await link(moved, lock).catch(() => undefined)
  }
  await rm(moved, { force: true })
  return stale
}

/** Whether the lock still holds `token`. */
async function holds(lock: string, token: string): Promise<boolean> {
  try {
    return (await readFile(lock, 'utf8')) === token
  } catch {
    return false
  }
}

/**
 * Keeps the lock fresh while it is held (a long wait in line plus a slow encode must not look
 * like a dead process) until the returned function is called. Only while it still holds `token`.
 */
export function keepLockFresh(lock: string, token: string, everyMs: number): () => void {
  const timer = setInterval(() => {
    void holds(lock, token).then((own) => (own ? utimes(lock, new Date(), new Date()).catch(() => undefined) : undefined))
  }, everyMs)
  // A held lock must not keep a process alive that is otherwise done.
  timer.unref()
  return () => clearInterval(timer)
}

/** Removes the lock if it still holds `token`: never another process's lock (one that took over a lock it judged stale). */
export async function releaseLock(lock: string, token: string): Promise<void> {
  // Between the read and the rm another process can only take over this lock by judging it
  // stale, which a lock kept fresh (keepLockFresh) does not become.
  if (await holds(lock, token)) await rm(lock, { force: true })
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code
}
