import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { buildContent } from '../content/projection'
import { ContentError, readContent } from '../content/read'

/**
 * What a save from /admin would change in the content folder: files written (text) and files
 * deleted, by path in the repository around the folder (Decap's paths: `content/news/x.yaml`).
 */
export interface ProposedChange {
  write: Array<{ path: string; text: string }>
  remove: string[]
}

/** A path inside `folder` given from `base`, or undefined for one that leaves it (`..`, absolute). */
function inside(folder: string, base: string, path: string): string | undefined {
  const target = resolve(base, path)
  const rel = relative(folder, target)
  return rel === '' || rel.startsWith('..') || rel.startsWith(sep) ? undefined : target
}

/**
 * The server's own refusal of a save, or undefined when the content folder with the change is
 * valid: every file read and checked as a reload would (read.ts, projection.ts), on a copy of
 * the folder, so the files the site serves are never touched by a save it refuses. The message
 * names file, line and field as the server log would (`content/pages/about.yaml:3:1: title.nl: …`).
 */
export function saveProblem(contentDir: string, change: ProposedChange): string | undefined {
  const root = resolve(contentDir)
  const scratch = mkdtempSync(join(tmpdir(), 'admin-save-'))
  // The copy keeps the folder's name: messages then name files as the server does.
  const copy = join(scratch, basename(root))
  try {
    // YAML only; media stays where it is, linked (the checks read image sizes from it).
    cpSync(root, copy, { recursive: true, filter: (source) => !source.startsWith(join(root, 'media')) })
    if (existsSync(join(root, 'media'))) symlinkSync(join(root, 'media'), join(copy, 'media'))
    const media = join(copy, 'media') + sep
    for (const path of change.remove) {
      const target = inside(copy, scratch, path)
      // media/ in the copy is the real folder: never deleted from here.
      if (target && !target.startsWith(media) && existsSync(target)) unlinkSync(target)
    }
    for (const { path, text } of change.write) {
      const target = inside(copy, scratch, path)
      if (!target) return `${path}: not a file in the content folder`
      // An image uploaded with the entry is already in media/ (checked apart); only YAML is read here.
      if (target.startsWith(media)) continue
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, text)
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
