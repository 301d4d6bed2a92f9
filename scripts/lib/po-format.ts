/**
 * Lingui's PO format (@lingui/format-po) plus what gettext tools and translators expect:
 *
 * - `fuzzy` entries are kept with their translation, previous msgid (`#| msgid`) included,
 *   but parse as untranslated, so the site shows the Dutch source until a translator has
 *   reviewed them (format-po alone would ship a fuzzy translation as if it were final).
 * - Explicit-id messages (`error.404.title`) carry their Dutch source as an extracted comment,
 *   in every catalog: translators see the text, not only the key.
 * - Complete gettext headers (Plural-Forms per language, team, translator, revision date), so
 *   `msgfmt -c` is silent and Poedit/Weblate know the language.
 *
 * lingui.config.ts uses it, so `lingui extract`, `lingui check sync` and the Vite plugin's
 * compile all read and write catalogs the same way.
 */
import type { CatalogFormatter, CatalogType, MessageType } from '@lingui/conf'
import { formatter as linguiPoFormatter, parsePoFile } from '@lingui/format-po'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { languages } from '../../app.config.ts'

/** Prefix of the extracted comment holding an explicit-id message's Dutch source. */
export const sourceCommentPrefix = 'Dutch source: '

/** Written once at the top of a new catalog; translators and tools keep it afterwards. */
const headerComments = [
  'Translations of the Autogroep website. How to translate: docs/translating.md',
  'Plurals are ICU MessageFormat inside msgstr, e.g. {count, plural, one {# Standort} other {# Standorte}}:',
  'translate the words in each branch; keep {count}, the keywords plural/one/other and #.',
  'A "fuzzy" entry is not used on the site until you review it and remove the mark.',
]

const explicitIdFlag = 'js-lingui-explicit-id'

interface Extra {
  flags: string[]
  translatorComments: string[]
  /** The translation of a fuzzy entry, kept aside so it is written back but never compiled. */
  fuzzyTranslation?: string
  /** `#| …` lines of a fuzzy entry (gettext's previous msgctxt/msgid). */
  previous?: string[]
}

function extraOf(message: MessageType): Extra {
  const extra = message.extra ?? {}
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [])
  return {
    flags: strings(extra.flags),
    translatorComments: strings(extra.translatorComments),
    fuzzyTranslation: typeof extra.fuzzyTranslation === 'string' ? extra.fuzzyTranslation : undefined,
    previous: strings(extra.previous),
  }
}

function isFuzzy(message: MessageType): boolean {
  return extraOf(message).flags.includes('fuzzy')
}

/** The catalog key format-po gives an item: its msgid when explicit, else the hash of msgid + msgctxt. */
export function keyOf(item: { msgid: string; msgctxt: string | null; extractedComments: string[] }): string {
  return item.extractedComments.includes(explicitIdFlag) ? item.msgid : generateMessageId(item.msgid, item.msgctxt ?? undefined)
}

/** A catalog file's entries, split on the blank lines between them (the header first). */
function entriesOf(content: string): string[] {
  return content.split(/\r?\n[ \t]*\r?\n/)
}

/** `#| …` lines of each entry that has them, by catalog key (pofile-ts, under format-po, drops them). */
function previousLines(content: string): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const entry of entriesOf(content)) {
    const lines = entry.split(/\r?\n/).filter((line) => line.startsWith('#|'))
    const item = lines.length > 0 ? parsePoFile(entry).items[0] : undefined
    if (item) found.set(keyOf(item), lines)
  }
  return found
}

/** Puts each fuzzy entry's `#|` lines back, just above its msgctxt/msgid as gettext writes them. */
function withPreviousLines(content: string, catalog: CatalogType): string {
  return entriesOf(content)
    .map((entry) => {
      const item = entry.includes('msgid') ? parsePoFile(entry).items[0] : undefined
      const message = item && !item.obsolete ? catalog[keyOf(item)] : undefined
      const previous = message && isFuzzy(message) ? (extraOf(message).previous ?? []) : []
      if (previous.length === 0) return entry
      const lines = entry.split('\n')
      const at = lines.findIndex((line) => /^msg(?:ctxt|id)\b/.test(line))
      return [...lines.slice(0, at), ...previous, ...lines.slice(at)].join('\n')
    })
    .join('\n\n')
}

function isExplicitId(id: string, message: MessageType): boolean {
  return message.message !== undefined && id !== generateMessageId(message.message, message.context)
}

/** The gettext headers Lingui does not write. Existing values win, except the language's own. */
function headersFor(locale: string | undefined, existing: string | undefined): Record<string, string> {
  const headers = existing ? parsePoFile(existing).headers : {}
  const language = languages.find((l) => l.code === locale)
  return {
    'Project-Id-Version': headers['Project-Id-Version'] || 'autogroep-site',
    // A catalog nobody has edited yet was last revised when it was created.
    'PO-Revision-Date':
      headers['PO-Revision-Date'] || headers['POT-Creation-Date'] || new Date().toISOString().slice(0, 16).replace('T', ' ') + '+0000',
    // Poedit and Weblate fill this in when a translator saves.
    'Last-Translator': headers['Last-Translator'] ?? '',
    'Language-Team': headers['Language-Team'] || (language ? language.name : ''),
    ...(language ? { 'Plural-Forms': language.pluralForms } : {}),
  }
}

export function poFormatter(): CatalogFormatter {
  const plain = linguiPoFormatter({ lineNumbers: false })
  return {
    catalogExtension: '.po',
    templateExtension: '.pot',

    async parse(content, ctx) {
      const catalog = await plain.parse(content, ctx)
      const previous = previousLines(content)
      const parsed: CatalogType = {}
      for (const [id, message] of Object.entries(catalog)) {
        if (!isFuzzy(message) || message.obsolete) {
          parsed[id] = message
          continue
        }
        // Untranslated for everyone reading the catalog (the compiler falls back to Dutch);
        // serialize() writes the translation and its previous msgid back.
        const extra = { ...message.extra, fuzzyTranslation: message.translation ?? '', previous: previous.get(id) ?? [] }
        parsed[id] = { ...message, translation: '', extra }
      }
      return parsed
    },

    async serialize(catalog, ctx) {
      const prepared: CatalogType = {}
      for (const [id, message] of Object.entries(catalog)) {
        const { fuzzyTranslation } = extraOf(message)
        const translation =
          isFuzzy(message) && !message.translation && fuzzyTranslation !== undefined ? fuzzyTranslation : message.translation
        // Extraction knows the Dutch of an explicit id; a catalog read back keeps the comment it has.
        const comments = isExplicitId(id, message)
          ? [
              ...(message.comments ?? []).filter((comment) => !comment.startsWith(sourceCommentPrefix)),
              `${sourceCommentPrefix}${message.message}`,
            ]
          : message.comments
        prepared[id] = { ...message, translation, comments }
      }
      const format = linguiPoFormatter({ lineNumbers: false, customHeaderAttributes: headersFor(ctx.locale, ctx.existing) })
      let content = withPreviousLines(await format.serialize(prepared, ctx), prepared)
      const hasHeaderComments = ctx.existing ? parsePoFile(ctx.existing).comments.length > 0 : false
      if (!hasHeaderComments) content = headerComments.map((line) => `# ${line}\n`).join('') + content
      return content
    },
  }
}
