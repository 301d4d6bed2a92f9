import { createHash } from 'node:crypto'
import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { getRuntimeConfig } from '../server/platform/env.server'
import { mediaFileIn } from './media-files'

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

/** The file a `/media/…` URL is answered from: public/ (as in the sources, or as built; nitro serves it before the app), else the content folder. */
export function mediaSourceFile(url: string): string | undefined {
  return publicFolders.map((root) => mediaFileIn(resolve(root), url, '/')).find(Boolean) ?? mediaFileIn(contentMediaDir(), url)
}

/** A short token that changes when the file behind a `/media/…` URL is replaced (its time and size), or undefined without a file. */
export function mediaVersion(url: string): string | undefined {
  const file = mediaSourceFile(url)
  if (!file) return undefined
  const { mtimeMs, size } = statSync(file)
  return createHash('sha256').update(`${mtimeMs}\0${size}`).digest('hex').slice(0, 10)
}
