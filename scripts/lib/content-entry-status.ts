/**
 * How the translations of one content file stand, per language, for the admin's entry form
 * (docs/decisions/059-content-translations-in-po.md): the entries `npm run extract` would write
 * for the file's texts now (the catalogs as they are, merged with the YAML as it is, so a Dutch
 * change an editor just saved shows as fuzzy at once), counted as `npm run i18n:status` counts.
 */
import { countedEntries, mergedCatalog, readContentCatalogs, readContentTexts, type ContentStatus } from './content-translations.ts'

/**
 * Per language (en, de, fr, da) the file's entries translated, fuzzy and missing. `file` is
 * relative to the content folder (`pages/about.yaml`, `site.yaml`). Undefined when the file has
 * no text for translators or there are no catalogs beside the content (a copy of the site
 * without them).
 */
export function fileTranslationStatus(root: string, contentDir: string, file: string): ContentStatus[] | undefined {
  const catalogs = readContentCatalogs(root)
  if (catalogs.every((catalog) => catalog.po === undefined)) return undefined
  // A text's key starts with its file's place in the folder: `pages/about:elements[…]`.
  const prefix = `${file.replace(/\.yaml$/, '')}:`
  const model = readContentTexts(root, contentDir)
  const texts = model.texts.filter((text) => text.key.startsWith(prefix))
  if (texts.length === 0) return undefined
  return catalogs.map(({ locale, po }) => countedEntries(locale, mergedCatalog({ ...model, texts }, locale, po).entries))
}
