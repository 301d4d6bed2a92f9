/**
 * The project's PO catalogs as the i18n script sees them: which files there are, and what
 * state each message is in. Read through the same formatter as Lingui (po-format.ts).
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, relative } from 'node:path'
import type { CatalogType, LinguiConfigNormalized } from '@lingui/conf'
import { poFormatter } from './po-format.ts'

/**
 * The catalog of URL segments: each locale's segment is its own (never fuzzy because the Dutch
 * changed), and plain words with rules of their own (segment-rules.ts), not ICU messages.
 */
export const routesCatalog = 'routes'

export interface CatalogFile {
  /** `messages` or `routes`. */
  name: string
  locale: string
  /** Absolute path. */
  file: string
  /** Path from the project root, for messages. */
  shown: string
}

export function catalogFiles(config: LinguiConfigNormalized): CatalogFile[] {
  return config.catalogs.flatMap((catalog) =>
    config.locales.map((locale) => {
      const file = `${catalog.path.replace('{locale}', locale)}.po`
      return { name: basename(catalog.path), locale, file, shown: relative(config.rootDir, file) }
    }),
  )
}

const format = poFormatter()

/** A catalog's messages; empty when the file does not exist yet. */
export async function parseCatalog(
  content: string | undefined,
  locale: string,
  sourceLocale: string,
  filename: string,
): Promise<CatalogType> {
  return content ? await format.parse(content, { locale, sourceLocale, filename }) : {}
}

export async function readCatalog(entry: CatalogFile, sourceLocale: string): Promise<CatalogType> {
  const content = existsSync(entry.file) ? readFileSync(entry.file, 'utf8') : undefined
  return parseCatalog(content, entry.locale, sourceLocale, entry.file)
}

export interface CatalogStatus {
  translated: string[]
  /** Translated, but marked for review: the site shows the Dutch source meanwhile. */
  fuzzy: string[]
  missing: string[]
}

/** Ids (msgid, the Dutch text for generated ids) of the catalog's live messages by state. */
export function catalogStatus(catalog: CatalogType): CatalogStatus {
  const status: CatalogStatus = { translated: [], fuzzy: [], missing: [] }
  for (const [id, message] of Object.entries(catalog)) {
    if (message.obsolete) continue
    const shown = message.message ?? id
    const flags = message.extra?.flags
    if (Array.isArray(flags) && flags.includes('fuzzy')) status.fuzzy.push(shown)
    else if (message.translation) status.translated.push(shown)
    else status.missing.push(shown)
  }
  return status
}
