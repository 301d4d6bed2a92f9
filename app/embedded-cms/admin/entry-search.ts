import { parse } from 'yaml'

/**
 * The admin's search (ADR 109): Decap searches in the browser, over the entries the API lists,
 * and only in a few fields (the id, the title, the list row's fields), by loose subsequence. The
 * API narrows a search's list to the entries whose text holds every word searched for: any text
 * of the file (a block's text, a location's street or phone), Markdown reduced to what a reader
 * sees.
 *
 * Pure: shared by the admin's API and the tests.
 */

/** The words of a search, in lower case (at most 20: a search is a few words). */
export function searchWords(term: string): string[] {
  return term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 20)
}

/** Markdown as read: a link's text without its address, no emphasis or heading marks. */
const plain = (text: string) =>
  text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[*_#>`\\]+/g, '')

function stringsIn(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(plain(value))
  else if (typeof value === 'number') out.push(String(value))
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out)
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) stringsIn(item, out)
}

/** Every text of a content file (its YAML), in lower case, on one line; empty when it does not read. */
export function searchableText(yaml: string): string {
  let data: unknown
  try {
    data = parse(yaml, { maxAliasCount: 0 })
  } catch {
    return ''
  }
  const out: string[] = []
  stringsIn(data, out)
  return out.join(' ').replace(/\s+/g, ' ').toLowerCase()
}

/** Whether an entry's file holds every word of a search. */
export function entryMatches(yaml: string, words: readonly string[]): boolean {
  if (words.length === 0) return true
  const text = searchableText(yaml)
  return words.every((word) => text.includes(word))
}
