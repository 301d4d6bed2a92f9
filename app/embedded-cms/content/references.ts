import { languages, type Locale } from '../../../app.config'
import type { PageFile } from './schema'
import { ContentError, type RawContent } from './read'

// References between files: what a schema cannot see in one file.

/** Whether a page is published in a language (no `languages` list: in all). */
export const existsIn = (page: PageFile, locale: Locale) => !page.languages || page.languages.includes(locale)

/**
 * Every link to a page that a page holds, with its field path, for the reference check: found
 * by walking the page (a link is the one object with a `page` field), so a new block type's
 * links are checked without naming them here.
 */
function linksOf(value: unknown, at = ''): Array<{ at: string; page: string }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => linksOf(item, `${at}[${index}]`))
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, field]) => {
    const path = at === '' ? key : `${at}.${key}`
    if (key === 'page' && typeof field === 'string' && at !== '') return [{ at, page: field }]
    return linksOf(field, path)
  })
}

/**
 * Checks what a schema cannot see: unique ids, one home page, parents and
 * link targets that exist (in every language the referring page has), no
 * parent cycles, and menu entries (and the locations page) that name real pages.
 */
export function checkReferences(
  raw: RawContent,
  /** Pages left out of this graph (drafts and pages below them), so a link to one is named as such. */
  unpublished: ReadonlySet<string> = new Set(),
): Map<string, { file: string; page: PageFile }> {
  const problem = (file: string, at: string, message: string) => new ContentError(raw.sources.problem(file, at, message))
  const byId = new Map<string, { file: string; page: PageFile }>()
  for (const entry of raw.pages) {
    const other = byId.get(entry.page.id)
    if (other) throw problem(entry.file, 'id', `"${entry.page.id}" is also the id of ${other.file}`)
    byId.set(entry.page.id, entry)
  }
  const homes = raw.pages.filter((entry) => entry.page.parent === undefined)
  if (homes.length !== 1) {
    const names = homes.map((entry) => entry.file).join(', ') || 'none'
    throw new ContentError(`pages: exactly one page (the home page) must have no parent; without a parent: ${names}`)
  }
  for (const { file, page } of raw.pages) {
    if (page.parent !== undefined) {
      const parent = byId.get(page.parent)?.page
      if (!parent) throw problem(file, 'parent', `no page with id "${page.parent}"`)
      const orphaned = languages.find((l) => existsIn(page, l.code) && !existsIn(parent, l.code))
      if (orphaned) throw problem(file, 'languages', `the page exists in ${orphaned.code}, its parent "${parent.id}" does not`)
      // Walk up: reaching the page again means a cycle, which would have no link.
      const seen = new Set([page.id])
      for (let up: PageFile | undefined = parent; up; up = up.parent === undefined ? undefined : byId.get(up.parent)?.page) {
        if (seen.has(up.id)) throw problem(file, 'parent', `"${page.parent}" leads back to "${up.id}" (a cycle)`)
        seen.add(up.id)
      }
    }
    for (const link of linksOf(page)) {
      const target = byId.get(link.page)?.page
      if (!target && unpublished.has(link.page)) {
        throw problem(file, `${link.at}.page`, `page "${link.page}" is a draft (or below one): visitors would get a broken link; publish it first`)
      }
      if (!target) throw problem(file, `${link.at}.page`, `no page with id "${link.page}"`)
      const missing = languages.find((l) => existsIn(page, l.code) && !existsIn(target, l.code))
      if (missing) throw problem(file, `${link.at}.page`, `page "${link.page}" does not exist in ${missing.code}`)
    }
  }
  for (const menu of ['main', 'footer'] as const) {
    raw.navigation[menu].forEach((id, index) => {
      if (!byId.has(id)) throw problem(raw.navigationFile, `${menu}[${index}]`, `no page with id "${id}"`)
    })
  }
  const locations = raw.navigation.locations
  if (locations !== undefined && !byId.has(locations)) throw problem(raw.navigationFile, 'locations', `no page with id "${locations}"`)
  return byId
}
