import { realpathSync, statSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import { constants } from '../../app.config'

/**
 * Images and PDFs an editor drops into `<CONTENT_DIR>/media/`, served at `/media/…` straight
 * from the folder: a new file is online at once, without a build (only public/ needs one).
 * nitro serves public/media before the app, so the files shipped with the build keep their
 * URLs and a content file never replaces one of them.
 */

/** What may be served: images and PDFs, by extension. Anything else (SVG with its scripts, HTML) is a 404. */
export const mediaTypes: Readonly<Record<string, string>> = {
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
}

/** As the build's /media route rule (vite.config.ts). */
export const mediaCacheControl = constants.renamableFileCacheControl

/**
 * The file in `root` that a path under `prefix` names (`/media/x.webp` → `<root>/x.webp`), or
 * undefined: a path that is not plainly inside the folder (`..`, encoded slashes, NUL, hidden
 * files, a symlink that points out) or that is not a servable type names nothing.
 */
export function mediaFileIn(root: string, pathname: string, prefix = '/media/'): string | undefined {
  if (!pathname.startsWith(prefix)) return undefined
  let name: string
  try {
    name = decodeURIComponent(pathname.slice(prefix.length))
  } catch {
    return undefined
  }
  const parts = name.split('/')
  if (parts.some((part) => part === '' || part.startsWith('.') || /[\\\0]/.test(part))) return undefined
  if (!(extname(name).toLowerCase() in mediaTypes)) return undefined
  try {
    const realRoot = realpathSync(root)
    const file = realpathSync(join(root, ...parts))
    const inside = relative(realRoot, file)
    if (inside.startsWith('..') || inside.startsWith(sep) || !statSync(file).isFile()) return undefined
    return file
  } catch {
    // Missing, unreadable or a broken link: not found.
    return undefined
  }
}
