import { createHash } from 'node:crypto'
import { readdirSync, statSync } from 'node:fs'
import { extname, resolve } from 'node:path'
import { getRuntimeConfig } from '../server/platform/env.server'
import { mediaFileIn, mediaTypes } from './media-files'

/**
 * Where a `/media/…` URL's file is on this server: public/ or the content folder's media
 * folder (CONTENT_DIR). Read by the embedded CMS (the version in a resized image's URL) and
 * by the site that serves the files (app/server/media/).
 */

/** The content folder's media folder. */
export function contentMediaDir(): string {
  return resolve(process.cwd(), getRuntimeConfig().CONTENT_DIR, 'media')
}

const publicFolders = ['public', '.output/public']

/** The file in public/ (as in the sources, or as built) that a `/media/…` URL names, if any. */
export function publicMediaFile(url: string): string | undefined {
  return publicFolders.map((root) => mediaFileIn(resolve(root), url, '/')).find(Boolean)
}

/** The file a `/media/…` URL is answered from: public/ (nitro serves it before the app), else the content folder. */
export function mediaSourceFile(url: string): string | undefined {
  return publicMediaFile(url) ?? mediaFileIn(contentMediaDir(), url)
}

/** A short token that changes when the file behind a `/media/…` URL is replaced (its time and size), or undefined without a file. */
export function mediaVersion(url: string): string | undefined {
  const file = mediaSourceFile(url)
  if (!file) return undefined
  const { mtimeMs, size } = statSync(file)
  return createHash('sha256').update(`${mtimeMs}\0${size}`).digest('hex').slice(0, 10)
}

/**
 * The names of the files shipped directly in public/media (as in the sources, or as built), for
 * the admin's media library: the images the content uses, which an editor can pick again. Only
 * servable types, no hidden files, no links; sorted, each name once.
 */
export function publicMediaNames(): string[] {
  const names = new Set<string>()
  for (const root of publicFolders) {
    try {
      for (const entry of readdirSync(resolve(root, 'media'), { withFileTypes: true })) {
        if (entry.isFile() && !entry.name.startsWith('.') && extname(entry.name).toLowerCase() in mediaTypes) names.add(entry.name)
      }
    } catch {
      // No such folder (a container may carry only the built one).
    }
  }
  return [...names].sort()
}
