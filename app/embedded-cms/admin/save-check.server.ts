import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { buildContent } from '../content/projection.server'
import { ContentError, parseContentYaml, readContent, type RawContent } from '../content/read'
import {
  deadLinkProblem,
  deadRichTextLinks,
  pathOf,
  relinked,
  siteAddresses,
  type RichTextLink,
  type SiteAddresses,
} from '../content/rich-text-links'
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

/** A rich-text link that a change breaks: it led to a page before, and does not after. */
export interface BrokenLink extends RichTextLink {
  /** The address of the same page after the change (a page moved), or null (the page is gone). */
  fix: string | null
}

/** What the server says of a save: its refusal, if any, and the rich-text links it would break. */
export interface SaveCheck {
  problem?: string
  broken: BrokenLink[]
}

/**
 * The server's own refusal of a save, or undefined when the content folder with the change is
 * valid: every file read and checked as a reload would (read.ts, projection.server.ts), on a copy of
 * the folder, so the files the site serves are never touched by a save it refuses. The message
 * names file, line and field as the server log would (`content/pages/about.yaml:3:1: title.nl: …`).
 */
export function saveProblem(contentDir: string, change: ProposedChange): string | undefined {
  return saveCheck(contentDir, change).problem
}

/**
 * saveProblem, and the rich-text links the change leaves dead: one in a file the save writes
 * that leads nowhere is a problem of that save; one elsewhere that led to a page before the
 * change (the page deleted, or its address changed) is reported apart, with the page's new
 * address where it has one, for the editor to choose (local-save.server.ts). Dead links the
 * change did not make stay content:check's to report.
 */
export function saveCheck(contentDir: string, change: ProposedChange): SaveCheck {
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
      if (!target) return { problem: `${path}: not a file in the content folder`, broken: [] }
      mkdirSync(dirname(target), { recursive: true })
      if (existsSync(target)) unlinkSync(target)
      writeFileSync(target, data)
    }
    const raw = readContent(copy)
    const withDrafts = buildContent(raw, { drafts: true })
    buildContent(raw, { drafts: false })
    return linkCheck(root, raw, siteAddresses(withDrafts), new Set(change.write.map(({ path }) => path)))
  } catch (error) {
    if (error instanceof ContentError) return { problem: error.message, broken: [] }
    throw error
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** The site's addresses as the folder is now (before a change), or undefined when it does not load. */
function addressesNow(root: string): SiteAddresses | undefined {
  try {
    return siteAddresses(buildContent(readContent(root), { drafts: true }))
  } catch (error) {
    if (error instanceof ContentError) return undefined
    throw error
  }
}

function linkCheck(root: string, raw: RawContent, after: SiteAddresses, written: ReadonlySet<string>): SaveCheck {
  const dead = deadRichTextLinks(raw, after)
  // The folder as it is is read only when a link is dead: most saves break none.
  const before = dead.length > 0 ? addressesNow(root) : undefined
  const problems: string[] = []
  const broken: BrokenLink[] = []
  for (const link of dead) {
    const path = pathOf(link.href)
    if (before?.has(path)) {
      const page = before.pageAt(path)
      const moved = page && after.pathOf(page.id, page.iso)
      // The query or fragment (`#contact`) goes along.
      broken.push({ ...link, fix: moved === undefined ? null : moved + link.href.slice((link.href.split(/[?#]/)[0] ?? '').length) })
    } else if (written.has(link.file)) problems.push(deadLinkProblem(raw, link))
  }
  return problems.length > 0 ? { problem: problems.join('\n'), broken } : { broken }
}

/**
 * The change with the broken links mended in the files that hold them: each rewritten to its
 * page's new address, or (its page gone) replaced by its text. A file the change writes is
 * mended in the text it writes; another is read from the folder and added to the change.
 */
export function withLinksMended(contentDir: string, change: ProposedChange, broken: BrokenLink[], now: Date): ProposedChange {
  const root = resolve(contentDir)
  const write = [...change.write]
  for (const file of new Set(broken.map((link) => link.file))) {
    const index = write.findIndex((item) => item.path === file)
    const own = index >= 0 ? write[index]?.data : undefined
    const text = typeof own === 'string' ? own : readFileSync(join(dirname(root), file), 'utf8')
    const before = parseContentYaml(file, text)
    let value: unknown = before
    for (const link of broken.filter((item) => item.file === file)) {
      value = withValueAt(value, link.path, (current) =>
        typeof current === 'string' ? relinked(current, (href) => (href === link.href ? link.fix : undefined)) : current,
      )
    }
    const mended = { path: file, data: editedYaml(text, stamped(stampKind(file), before, value, now)) }
    if (index >= 0) write[index] = mended
    else write.push(mended)
  }
  return { write, remove: change.remove }
}

/** `data` with the value at `path` replaced by `change` of it (copies along the path). */
function withValueAt(data: unknown, path: Array<string | number>, change: (value: unknown) => unknown): unknown {
  const [head, ...rest] = path
  if (head === undefined) return change(data)
  if (Array.isArray(data) && typeof head === 'number')
    return data.map((item, index) => (index === head ? withValueAt(item, rest, change) : item))
  if (typeof data === 'object' && data !== null && typeof head === 'string')
    return { ...data, [head]: withValueAt(Reflect.get(data, head), rest, change) }
  return data
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
