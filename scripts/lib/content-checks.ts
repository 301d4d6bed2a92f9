/**
 * What a content translation must keep of its Dutch source, because the site renders the
 * Markdown: every link and its target, every image, heading levels and `{placeholders}`
 * (`{locale}` in a URL). msgfmt -c reads none of it. Untranslated and fuzzy entries are not
 * checked: they do not reach the YAML.
 */
import type { PoEntry } from './content-po.ts'

const sorted = (values: string[]) => [...values].sort()

/** Targets of the well-formed `[text](target)` links, images left out. */
const linkTargets = (text: string) => [...text.matchAll(/(?<!!)\[[^\]\n]*\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '')
/** `](`, `[` and `]` as written: a link broken in the middle still has some of them. */
const linkMarks = (text: string) =>
  [(text.match(/\]\(/g) ?? []).length, (text.match(/\[/g) ?? []).length, (text.match(/\]/g) ?? []).length].join()
const images = (text: string) => [...text.matchAll(/!\[[^\]\n]*\]\(\s*([^)\s]+)[^)]*\)/g)].map((m) => m[1] ?? '')
const headings = (text: string) => [
  ...[...text.matchAll(/^(#{1,6})[ \t]/gm)].map((m) => `h${m[1]?.length ?? 0}`),
  ...[...text.matchAll(/<h([1-6])\b/gi)].map((m) => `h${m[1] ?? ''}`),
]
const placeholders = (text: string) => [...text.matchAll(/\{[A-Za-z0-9_]+\}/g)].map((m) => m[0])

function difference(label: string, source: string[], translation: string[]): string | undefined {
  const a = sorted(source)
  const b = sorted(translation)
  if (a.join('\n') === b.join('\n')) return undefined
  const missing = a.filter((item) => !b.includes(item))
  const added = b.filter((item) => !a.includes(item))
  const parts = [
    missing.length > 0 ? `${missing.join(', ')} missing` : '',
    added.length > 0 ? `${added.join(', ')} not in the Dutch` : '',
    missing.length + added.length === 0 ? `${a.length} in the Dutch, ${b.length} in the translation` : '',
  ].filter(Boolean)
  return `${label} differ from the Dutch: ${parts.join(', ')}`
}

/** Problems of one translated entry, each a sentence. */
export function entryProblems(entry: PoEntry): string[] {
  if (entry.fuzzy || !entry.translation) return []
  const { id, translation } = entry
  const problems = [
    difference('link targets', linkTargets(id), linkTargets(translation)),
    difference('images', images(id), images(translation)),
    difference('heading levels', headings(id), headings(translation)),
    difference('placeholders', placeholders(id), placeholders(translation)),
  ].filter((p): p is string => p !== undefined)
  if (problems.length === 0 && linkMarks(id) !== linkMarks(translation))
    problems.push('a link is broken: the brackets of [text](target) do not match the Dutch')
  return problems
}

/** `app/locales/de/content.po:120: de pages/about:…: link targets differ …` for each problem. */
export function catalogProblems(file: string, locale: string, entries: PoEntry[]): string[] {
  return entries.flatMap((entry) =>
    entryProblems(entry).map((problem) => `${file}:${entry.line ?? 0}: ${locale} ${entry.context}: ${problem}`),
  )
}
