import { createHash, randomBytes } from 'node:crypto'
import { databaseWith, type Schema } from '../../server/platform/db.server'
import { logger } from '../../server/platform/logger.server'
import { contentWith, onContentChange } from '../content-store.server'
import { contentFileLimits } from '../content/read'
import type { EmbeddedContent } from '../content/projection.server'

/**
 * The admin's preview of unsaved values (ADR 099): one entry's text laid over the content, for
 * the editor who typed it, never written to the content folder. An overlay is kept in the
 * database (every worker renders the preview page, whichever took the values), one per admin
 * session, bounded in size and number, and expiring; each worker keeps the content built
 * with the few latest overlays it served.
 */

export const overlayLimits = {
  /** An overlay's text: what one content file may hold. */
  bytes: contentFileLimits.bytes,
  /** Overlays kept at once (every session's): the oldest goes first. */
  count: 16,
  /** How long an overlay lives after its values came (the pane sends new ones while the editor types). */
  lifetimeMs: 30 * 60 * 1000,
  /** Contents built with an overlay, kept by each worker (each is the site's content, sharing what did not change). */
  builtPerWorker: 2,
}

/** An overlay's public id (in the preview page's address): 128 random bits, not the session's token. */
export const overlayIdPattern = /^[\w-]{22}$/

/** A content file an overlay may replace: an entry in a collection's folder, or a file at the folder's top. */
const overlayPath = /^(?:(?:pages|news|locations)\/)?[\w-]{1,120}\.yaml$/

export const overlaySchema: Schema = {
  name: 'preview-overlay',
  steps: [
    {
      sqlite: `CREATE TABLE IF NOT EXISTS preview_overlay (session TEXT PRIMARY KEY, id TEXT NOT NULL UNIQUE, path TEXT NOT NULL,
                 text TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL)`,
      postgres: `CREATE TABLE IF NOT EXISTS preview_overlay (session TEXT PRIMARY KEY, id TEXT NOT NULL UNIQUE, path TEXT NOT NULL,
                   text TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL)`,
    },
  ],
}

export interface Overlay {
  /** Inside the content folder: `pages/about.yaml`. */
  path: string
  text: string
}

/** Why an overlay cannot be kept, or undefined. */
export function overlayProblem(overlay: Overlay): string | undefined {
  if (!overlayPath.test(overlay.path)) return `${overlay.path}: not an entry's file`
  if (Buffer.byteLength(overlay.text) > overlayLimits.bytes)
    return `The entry is larger than ${overlayLimits.bytes / 1024} KB, the most a content file may hold`
  return undefined
}

/** The key of an admin session in the store: a digest, so the table holds no token. */
const sessionKey = (session: string) => createHash('sha256').update(`preview-overlay:${session}`).digest('base64url')

/**
 * Keeps `overlay` as the session's one overlay (replacing the one before) and returns its new id.
 * Expired overlays go, and the oldest beyond `overlayLimits.count`.
 */
export async function keepOverlay(session: string, overlay: Overlay, now = Date.now()): Promise<string> {
  const problem = overlayProblem(overlay)
  if (problem) throw new Error(problem)
  const id = randomBytes(16).toString('base64url')
  const sql = await databaseWith(overlaySchema)
  await sql.transaction(async (tx) => {
    await tx.query('DELETE FROM preview_overlay WHERE expires_at <= $1 OR session = $2', [now, sessionKey(session)])
    await tx.query('INSERT INTO preview_overlay (session, id, path, text, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      sessionKey(session),
      id,
      overlay.path,
      overlay.text,
      now,
      now + overlayLimits.lifetimeMs,
    ])
    // The newest `count` stay (ties by id: one order on every engine).
    await tx.query(
      `DELETE FROM preview_overlay WHERE id NOT IN
         (SELECT id FROM preview_overlay ORDER BY created_at DESC, id DESC LIMIT ${overlayLimits.count})`,
    )
  })
  return id
}

/** The overlay of an id, while it lives. */
export async function overlayOf(id: string, now = Date.now()): Promise<Overlay | undefined> {
  if (!overlayIdPattern.test(id)) return undefined
  const sql = await databaseWith(overlaySchema)
  const [row] = await sql.query('SELECT path, text FROM preview_overlay WHERE id = $1 AND expires_at > $2', [id, now])
  return row && typeof row.path === 'string' && typeof row.text === 'string' ? { path: row.path, text: row.text } : undefined
}

/**
 * The last few values a worker built, by overlay id, newest last: a bounded map, so memory holds
 * at most `max` contents besides the one online, whatever the number of editors or ids asked for.
 */
export class BuiltOverlays<T> {
  readonly #entries = new Map<string, { value: T; expires: number }>()
  constructor(readonly max: number) {}

  get(id: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(id)
    if (!entry) return undefined
    this.#entries.delete(id)
    if (entry.expires <= now) return undefined
    this.#entries.set(id, entry)
    return entry.value
  }

  set(id: string, value: T, expires: number): void {
    this.#entries.delete(id)
    this.#entries.set(id, { value, expires })
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.max) break
      this.#entries.delete(oldest)
    }
  }

  clear(): void {
    this.#entries.clear()
  }

  get size(): number {
    return this.#entries.size
  }
}

const built = new BuiltOverlays<EmbeddedContent>(overlayLimits.builtPerWorker)
// Built over the content of then: a reload (a save) builds them again, over the new content.
onContentChange(() => built.clear())

/**
 * The content with an overlay laid over it, built by this worker (kept for the overlay's next
 * reads). Throws a ContentError when the overlay makes the content invalid.
 */
export function buildOverlay(id: string, overlay: Overlay, now = Date.now()): EmbeddedContent {
  const content = contentWith({ file: overlay.path, text: overlay.text })
  built.set(id, content, now + overlayLimits.lifetimeMs)
  return content
}

/**
 * What preview mode serves to a request that names overlay `id`: the content with it, or
 * undefined when there is no such overlay (expired, replaced by newer values), it no longer
 * fits the content (a save since made it invalid) or the database cannot be read: the request
 * then sees the preview content.
 */
export async function overlayContent(id: string, now = Date.now()): Promise<EmbeddedContent | undefined> {
  const known = built.get(id, now)
  if (known) return known
  try {
    const overlay = await overlayOf(id, now)
    return overlay ? buildOverlay(id, overlay, now) : undefined
  } catch (error) {
    // The database not readable now, or the content changed under the overlay: the page as saved.
    logger.warn({ err: error }, '[preview] the overlay cannot be shown: showing the preview content')
    return undefined
  }
}
