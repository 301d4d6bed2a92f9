import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { version as jsYamlVersion } from 'js-yaml/package.json'
import { version as yamlVersion } from 'yaml/package.json'
import type { ParsedFiles } from './read'

/**
 * The content's YAML as parsed by the last start-up, kept in a file (in DATA_DIR), so the next
 * start parses only the files whose text changed (parsing 2,000 news items was most of
 * a start). Only the parse is kept, not the validated values: every start validates all files
 * with the schemas of the build it runs, so a new release never serves a value its schemas would
 * refuse, and a deploy does not throw the cache away. A file that is missing, unreadable or of
 * another format counts as empty: the start then parses everything, as without a cache.
 */

/** What the file's data was made by: data from another parser version is not reused. */
const format = `content parse cache 2; js-yaml ${jsYamlVersion}; yaml ${yamlVersion}`

const isEntry = (value: unknown): value is [string, unknown] => Array.isArray(value) && value.length === 2 && typeof value[0] === 'string'

/** The files parsed by an earlier start, from `file`; empty when there is none usable. */
export function loadParsedFiles(file: string): ParsedFiles {
  const earlier = new Map<string, unknown>()
  try {
    // JSON: read back several times faster than node:v8's serialization of the same data.
    const stored: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (typeof stored === 'object' && stored !== null && Reflect.get(stored, 'format') === format) {
      const entries: unknown = Reflect.get(stored, 'entries')
      if (Array.isArray(entries)) for (const entry of entries) if (isEntry(entry)) earlier.set(entry[0], entry[1])
    }
  } catch {
    // Absent (a first start) or damaged: parse everything.
  }
  return { earlier, now: new Map() }
}

/**
 * An entry as JSON, or undefined when JSON would not give its data back as it is: YAML can
 * say .inf and .nan, JSON cannot (no valid content holds them today; a schema might accept them one day).
 */
function entryJson(digest: string, data: unknown): string | undefined {
  let exact = true
  const json = JSON.stringify(data, (_key, value: unknown) => {
    if (typeof value === 'number' && !Number.isFinite(value)) exact = false
    return value
  })
  return exact && json !== undefined ? `[${JSON.stringify(digest)},${json}]` : undefined
}

/**
 * Keeps what a read parsed (`parsed.now`) for the next start, when it differs from what was
 * loaded; returns whether it wrote. Written to a temporary file and renamed over, so a worker
 * starting at the same time reads the old or the new file, never half of one.
 */
export function saveParsedFiles(file: string, parsed: ParsedFiles): boolean {
  const unchanged = parsed.now.size === parsed.earlier.size && [...parsed.now.keys()].every((digest) => parsed.earlier.has(digest))
  if (unchanged) return false
  const temporary = `${file}.${process.pid}.tmp`
  try {
    mkdirSync(dirname(file), { recursive: true })
    const entries = [...parsed.now].flatMap(([digest, data]) => entryJson(digest, data) ?? [])
    writeFileSync(temporary, `{"format":${JSON.stringify(format)},"entries":[\n${entries.join(',\n')}\n]}\n`)
    renameSync(temporary, file)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
  return true
}
