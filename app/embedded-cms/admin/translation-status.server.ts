import { dirname } from 'node:path'
import { languages } from '../../../app.config'
import { fileTranslationStatus } from '../../../scripts/lib/content-entry-status'
import { decapConfig } from './decap-config'

/**
 * The translation status the admin shows on an entry's form: per language how many of its texts
 * are translated, fuzzy (the Dutch changed since) or missing. Computed by the translators' own
 * code (scripts/lib/content-entry-status.ts, what `npm run extract` and `i18n:status` use) from
 * the catalogs of the project around the content folder (`<project>/app/locales/<lang>/content.po`
 * beside `<project>/content`), as the local admin takes that folder for the repository.
 */

export interface LanguageStatus {
  locale: string
  /** The language's own name (`Deutsch`), as the form's fields are labelled. */
  name: string
  translated: number
  fuzzy: number
  missing: number
}

/** The collections' folders and files, relative to the content folder (`pages`, `site.yaml`). */
let collections: Map<string, { folder: string } | { files: Map<string, string> }> | undefined

function collectionsByName() {
  collections ??= new Map(
    decapConfig({ backend: {} }).collections.map((collection) => {
      const inside = (path: string) => path.replace(/^[^/]+\//, '')
      return [
        collection.name,
        'folder' in collection
          ? { folder: inside(collection.folder) }
          : { files: new Map(collection.files.map((file) => [file.name, inside(file.file)])) },
      ]
    }),
  )
  return collections
}

/** The file of an entry, relative to the content folder (`pages/about.yaml`), or undefined. */
export function entryFile(collection: string, entry: string): string | undefined {
  const found = collectionsByName().get(collection)
  if (!found || !/^[\w-]{1,200}$/.test(entry)) return undefined
  return 'folder' in found ? `${found.folder}/${entry}.yaml` : found.files.get(entry)
}

/**
 * Per language the status of the entry's texts; undefined when the entry has none for
 * translators (or no catalogs are beside the server).
 */
export function entryTranslationStatus(contentDir: string, collection: string, entry: string): LanguageStatus[] | undefined {
  const file = entryFile(collection, entry)
  if (file === undefined) return undefined
  return fileTranslationStatus(dirname(contentDir), contentDir, file)?.map(({ locale, translated, fuzzy, missing }) => ({
    locale,
    name: languages.find((language) => language.code === locale)?.name ?? locale,
    translated,
    fuzzy,
    missing,
  }))
}
