import { languages } from '../../../app.config'
import { parseContentYaml } from '../content/read'
import type { BrokenLink } from './save-check.server'
import { decapConfig, type DecapField } from './decap-config'
import { patternMessages, type AdminLanguage } from './decap-labels'

/**
 * A refused save as the editor reads it in the admin (ADR 095): each problem named the way the
 * form names its field ("blok 3 'Onze merken', item 4, Titel (en)": rows counted from 1, with
 * their title), in the admin's language, with the field's path so /admin/problems.js can put
 * the message under that field. The server's own lines (`file:line:col: field: message`) stay
 * what the log and `npm run content:check` print; this reads them.
 */

export interface FieldProblem {
  /** The file, as the API names it (`content/pages/about.yaml`). */
  file: string
  /** The field's keys and list indices (0-based, as in the file); empty for the file as a whole. */
  path: Array<string | number>
  /** The field as the form names it, in the admin's language ("" for the file as a whole). */
  field: string
  /** The way to it on the form: the labels the form shows (as generated), and rows (0-based). */
  trail: Array<string | number>
  message: string
}

/** The words of a refusal's names and summary, per admin language. */
const words: Record<AdminLanguage, { block: string; item: string; refused: string; more: (n: number) => string }> = {
  nl: { block: 'blok', item: 'item', refused: 'Niet opgeslagen', more: (n) => `en nog ${n}` },
  en: { block: 'block', item: 'item', refused: 'Not saved', more: (n) => `and ${n} more` },
  de: { block: 'Block', item: 'Element', refused: 'Nicht gespeichert', more: (n) => `und ${n} weitere` },
  fr: { block: 'bloc', item: 'élément', refused: 'Non enregistré', more: (n) => `et ${n} ${n === 1 ? 'autre' : 'autres'}` },
  da: { block: 'blok', item: 'element', refused: 'Ikke gemt', more: (n) => `og ${n} mere` },
}

/** A site language's name in an admin language ("Duits", "Englisch"), from the runtime's own names (no second list of the languages). */
const nameIn = (language: AdminLanguage, code: string) => new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code

/** The languages the server's messages are translated into: English is the server's own. */
type Translated = Exclude<AdminLanguage, 'en'>
type Say = (...groups: string[]) => string

/**
 * The server's messages in each admin language but English, by their English form. A message not
 * here stays English; a language missing from a line fails tsc. The schemas' fixed pattern
 * messages come from decap-labels.ts (patternMessages), as the form says them.
 */
const messages: Array<[RegExp, Record<Translated, Say>]> = [
  [/^missing$/, { nl: () => 'ontbreekt', de: () => 'fehlt', fr: () => 'manquant', da: () => 'mangler' }],
  [
    /^must not be empty$/,
    { nl: () => 'mag niet leeg zijn', de: () => 'darf nicht leer sein', fr: () => 'ne doit pas être vide', da: () => 'må ikke være tom' },
  ],
  [
    /^unknown field \(a typo\?\)$/,
    {
      nl: () => 'onbekend veld (een tikfout?)',
      de: () => 'unbekanntes Feld (ein Tippfehler?)',
      fr: () => 'champ inconnu (une faute de frappe ?)',
      da: () => 'ukendt felt (en tastefejl?)',
    },
  ],
  [
    /^expected (.+), got (.+)$/,
    {
      nl: (expected, got) => `verwacht: ${expected}, maar is ${got}`,
      de: (expected, got) => `erwartet: ${expected}, ist aber ${got}`,
      fr: (expected, got) => `attendu : ${expected}, mais c’est ${got}`,
      da: (expected, got) => `forventet: ${expected}, men er ${got}`,
    },
  ],
  [
    /^missing, but the item is published in (\w+) \(see languages\)$/,
    {
      nl: (code) => `ontbreekt, maar het bericht verschijnt in het ${nameIn('nl', code)} (zie Talen)`,
      de: (code) => `fehlt, aber die Nachricht erscheint auf ${nameIn('de', code)} (siehe Sprachen)`,
      fr: (code) => `manquant, mais l’actualité paraît en ${nameIn('fr', code)} (voir Langues)`,
      da: (code) => `mangler, men nyheden publiceres på ${nameIn('da', code)} (se Sprog)`,
    },
  ],
  [
    /^links to (\S+), which is no page of the site \(deleted or moved\?\): correct or remove the link$/,
    {
      nl: (href) => `linkt naar ${href}, maar daar is geen pagina (verwijderd of verplaatst?): verbeter of verwijder de link`,
      de: (href) => `verlinkt auf ${href}, aber dort ist keine Seite (gelöscht oder verschoben?): Link korrigieren oder entfernen`,
      fr: (href) => `renvoie vers ${href}, où il n’y a aucune page (supprimée ou déplacée ?) : corrigez ou supprimez le lien`,
      da: (href) => `linker til ${href}, men der er ingen side (slettet eller flyttet?): ret eller fjern linket`,
    },
  ],
  [
    /^no page with id "(.+)"$/,
    {
      nl: (id) => `er is geen pagina met id "${id}"`,
      de: (id) => `es gibt keine Seite mit der ID "${id}"`,
      fr: (id) => `aucune page n’a l’identifiant "${id}"`,
      da: (id) => `der er ingen side med id "${id}"`,
    },
  ],
  [
    /^"(.+)" is also the id of (.+)$/,
    {
      nl: (id, file) => `"${id}" is ook het id van ${file}`,
      de: (id, file) => `"${id}" ist auch die ID von ${file}`,
      fr: (id, file) => `"${id}" est aussi l’identifiant de ${file}`,
      da: (id, file) => `"${id}" er også id for ${file}`,
    },
  ],
  [
    /^the link (\S+) is also the link of (.+)$/,
    {
      nl: (link, file) => `het adres ${link} is ook het adres van ${file}`,
      de: (link, file) => `die Adresse ${link} ist auch die Adresse von ${file}`,
      fr: (link, file) => `l’adresse ${link} est aussi celle de ${file}`,
      da: (link, file) => `adressen ${link} er også adressen for ${file}`,
    },
  ],
  [
    /^page "(.+)" does not exist in (\w+)$/,
    {
      nl: (id, code) => `pagina "${id}" bestaat niet in het ${nameIn('nl', code)}`,
      de: (id, code) => `die Seite "${id}" gibt es nicht auf ${nameIn('de', code)}`,
      fr: (id, code) => `la page "${id}" n’existe pas en ${nameIn('fr', code)}`,
      da: (id, code) => `siden "${id}" findes ikke på ${nameIn('da', code)}`,
    },
  ],
  [
    /^page "(.+)" is a draft/,
    {
      nl: (id) => `pagina "${id}" is een concept: bezoekers krijgen een dode link; publiceer die eerst`,
      de: (id) => `die Seite "${id}" ist ein Entwurf: Besucher bekämen einen toten Link; veröffentlichen Sie sie zuerst`,
      fr: (id) => `la page "${id}" est un brouillon : les visiteurs auraient un lien mort ; publiez-la d’abord`,
      da: (id) => `siden "${id}" er en kladde: besøgende får et dødt link; publicer den først`,
    },
  ],
  [
    /^the page exists in (\w+), its parent "(.+)" does not$/,
    {
      nl: (code, parent) => `de pagina bestaat in het ${nameIn('nl', code)}, de bovenliggende pagina "${parent}" niet`,
      de: (code, parent) => `die Seite gibt es auf ${nameIn('de', code)}, die übergeordnete Seite "${parent}" nicht`,
      fr: (code, parent) => `la page existe en ${nameIn('fr', code)}, mais pas sa page parente "${parent}"`,
      da: (code, parent) => `siden findes på ${nameIn('da', code)}, men den overordnede side "${parent}" gør ikke`,
    },
  ],
  [
    /^"(.+)" is used by another news item too$/,
    {
      nl: (slug) => `"${slug}" wordt ook door een ander bericht gebruikt`,
      de: (slug) => `"${slug}" wird auch von einer anderen Nachricht verwendet`,
      fr: (slug) => `"${slug}" est aussi utilisé par une autre actualité`,
      da: (slug) => `"${slug}" bruges også af en anden nyhed`,
    },
  ],
  [
    /^must be lowercase letters and digits joined by dashes, e\.g\. (.+)$/,
    {
      nl: (example) => `alleen kleine letters en cijfers, met streepjes ertussen, bijv. ${example}`,
      de: (example) => `nur Kleinbuchstaben und Ziffern, durch Bindestriche verbunden, z. B. ${example}`,
      fr: (example) => `uniquement des lettres minuscules et des chiffres reliés par des tirets, par ex. ${example}`,
      da: (example) => `kun små bogstaver og tal forbundet med bindestreger, f.eks. ${example}`,
    },
  ],
  [
    /^must be an absolute URL, e\.g\. (.+)$/,
    {
      nl: (example) => `moet een volledig webadres zijn, bijv. ${example}`,
      de: (example) => `muss eine vollständige Webadresse sein, z. B. ${example}`,
      fr: (example) => `doit être une adresse web complète, par ex. ${example}`,
      da: (example) => `skal være en fuld webadresse, f.eks. ${example}`,
    },
  ],
  [
    /^needs either page \(a page id\) or url \(an external URL\), not both$/,
    {
      nl: () => 'kies een pagina óf een URL, niet allebei',
      de: () => 'wählen Sie eine Seite oder eine URL, nicht beides',
      fr: () => 'choisissez une page ou une URL, pas les deux',
      da: () => 'vælg en side eller en URL, ikke begge',
    },
  ],
  [
    /^must be a whole number$/,
    {
      nl: () => 'moet een heel getal zijn',
      de: () => 'muss eine ganze Zahl sein',
      fr: () => 'doit être un nombre entier',
      da: () => 'skal være et helt tal',
    },
  ],
  [
    /^\.\.\. and (\d+) more problems?$/,
    {
      nl: (n) => `... en nog ${n} ${n === '1' ? 'probleem' : 'problemen'}`,
      de: (n) => `... und ${n} ${n === '1' ? 'weiteres Problem' : 'weitere Probleme'}`,
      fr: (n) => `... et ${n} ${n === '1' ? 'autre problème' : 'autres problèmes'}`,
      da: (n) => `... og ${n} ${n === '1' ? 'problem' : 'problemer'} mere`,
    },
  ],
  // A rule's message with the value that broke it (read.ts: "<message>, got <value>").
  [
    /^(.+), got (.+)$/,
    {
      nl: (message, got) => `${translated(message, 'nl')} (nu: ${got})`,
      de: (message, got) => `${translated(message, 'de')} (jetzt: ${got})`,
      fr: (message, got) => `${translated(message, 'fr')} (actuellement : ${got})`,
      da: (message, got) => `${translated(message, 'da')} (nu: ${got})`,
    },
  ],
]

/** The messages translated (for the test that every one has each language). */
export const translatedMessages: ReadonlyArray<Record<Translated, Say>> = messages.map(([, say]) => say)

/** A server message in the admin's language. */
export function translated(message: string, language: AdminLanguage): string {
  if (language === 'en') return message
  const fixed = patternMessages[message]?.[language]
  if (fixed) return fixed
  for (const [pattern, say] of messages) {
    const match = pattern.exec(message)
    if (match) return say[language](...match.slice(1).map((group) => group ?? ''))
  }
  return message
}

const configs = new Map<AdminLanguage, ReturnType<typeof decapConfig>>()
/** The admin's form fields of a file, by its path and (pages) its kind, labelled in the admin's language. */
function formFieldsOf(file: string, data: unknown, language: AdminLanguage): DecapField[] | undefined {
  let config = configs.get(language)
  if (!config) {
    config = decapConfig({ backend: {}, language })
    configs.set(language, config)
  }
  const type = isRecord(data) ? data.type : undefined
  const folder = file.split('/').slice(1, -1).join('/')
  const name = file.split('/').pop() ?? ''
  for (const collection of config.collections) {
    if ('folder' in collection) {
      if (collection.folder.split('/').slice(1).join('/') !== folder || collection.hide) continue
      if (!collection.filter || collection.filter.value === type) return collection.fields
    } else {
      const found = collection.files.find(
        (item) => item.file.split('/').slice(1).join('/') === (folder === '' ? name : `${folder}/${name}`),
      )
      if (found) return found.fields
    }
  }
  return undefined
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isLanguage = (key: string) => languages.some((language) => language.code === key)

/** A row's title as the form would show it: its title (Dutch first), name or id. */
function rowTitle(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined
  for (const key of ['title', 'name', 'label', 'id']) {
    const text = value[key]
    if (typeof text === 'string' && text.trim() !== '') return text
    if (isRecord(text)) {
      const first = [text.nl, ...Object.values(text)].find((item): item is string => typeof item === 'string' && item.trim() !== '')
      if (first) return first
    }
  }
  return undefined
}

const shortened = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text)

/** The field at `path` of a file's data, named as the form names it: "blok 3 'Onze merken', item 4, Titel (en)". */
export function fieldName(file: string, data: unknown, path: ReadonlyArray<string | number>, language: AdminLanguage): string {
  return fieldOnForm(file, data, path, language).name
}

/** fieldName, and the labels and rows that lead to the field on the form. */
export function fieldOnForm(
  file: string,
  data: unknown,
  path: ReadonlyArray<string | number>,
  language: AdminLanguage,
): { name: string; trail: Array<string | number> } {
  const label = (field: DecapField) => field.label
  const parts: string[] = []
  const trail: Array<string | number> = []
  let fields = formFieldsOf(file, data, language)
  let field: DecapField | undefined
  let value = data
  for (const segment of path) {
    const inner = isRecord(value) || Array.isArray(value) ? Reflect.get(value, segment) : undefined
    if (typeof segment === 'number') {
      // A row of a list: counted from 1, with its title; its fields by its kind (`type`).
      const title = rowTitle(inner)
      const noun = field?.name === 'elements' ? words[language].block : words[language].item
      // The row says the list's name ("blok 3"): a list of blocks or items is not named twice.
      if (field?.name === 'elements' || field?.name === 'items') parts.pop()
      parts.push(`${noun} ${segment + 1}${title ? ` '${shortened(title)}'` : ''}`)
      trail.push(segment)
      const type = isRecord(inner) ? inner.type : undefined
      fields = field?.types?.find((option) => option.name === type)?.fields ?? field?.fields ?? (field?.field ? [field.field] : undefined)
      field = undefined
    } else {
      const next = fields?.find((item) => item.name === segment)
      const perLanguage = isLanguage(segment) && field !== undefined && (field.fields ?? []).every((item) => isLanguage(item.name))
      if (perLanguage && parts.length > 0) parts[parts.length - 1] += ` (${segment})`
      else parts.push(next ? label(next) : segment)
      if (next) trail.push(next.label)
      field = next
      fields = next?.fields
    }
    value = inner
  }
  return { name: parts.join(', '), trail }
}

/** `elements[2].image.width` → `['elements', 2, 'image', 'width']`. */
const segmentsOf = (fieldPath: string): Array<string | number> =>
  [...fieldPath.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] === undefined ? (match[1] ?? '') : Number(match[2])))

/** One line of the server's refusal: `file:line:col: field: message`, `file: message`, or any text. */
function parsedLine(line: string): { file: string; path: Array<string | number>; message: string } {
  const placed = /^(\S+?\.ya?ml)(?::\d+:\d+)?: (.*)$/.exec(line)
  if (!placed) return { file: '', path: [], message: line }
  const [, file = '', rest = ''] = placed
  const field = /^((?:[\w-]+|\[\d+\])(?:\.[\w-]+|\[\d+\])*|\(file\)): (.*)$/.exec(rest)
  if (!field) return { file, path: [], message: rest }
  const [, at = '', message = ''] = field
  return { file, path: at === '(file)' ? [] : segmentsOf(at), message }
}

/** The data of the files a save sends, by path (the problems' rows are named from them). */
export type SentFiles = ReadonlyMap<string, string>

function dataOf(files: SentFiles, file: string): unknown {
  const text = files.get(file)
  if (text === undefined) return undefined
  try {
    return parseContentYaml(file, text)
  } catch {
    return undefined
  }
}

/**
 * The server's refusal (its lines) as problems on fields, in the admin's language. A problem in
 * another entry than the one saved (`own`: its files) names that entry first, and is not on the form.
 */
export function fieldProblems(refusal: string, files: SentFiles, own: ReadonlySet<string>, language: AdminLanguage): FieldProblem[] {
  return refusal
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const { file, path, message } = parsedLine(line)
      if (file === '') return { file, path, field: '', trail: [], message: translated(message, language) }
      const data = dataOf(files, file)
      const { name, trail } = fieldOnForm(file, data, path, language)
      if (own.has(file)) return { file, path, field: name, trail, message: translated(message, language) }
      const entry = `${entryTitle(data, file)}${name === '' ? '' : ` — ${name}`}`
      return { file, path, field: entry, trail: [], message: translated(message, language) }
    })
}

/** An API answer's body for a refused save: a summary (Decap's notice shows it) and the problems on their fields. */
export function refusalFor(
  refusal: string,
  files: SentFiles,
  own: ReadonlySet<string>,
  language: AdminLanguage,
): { error: string; problems: FieldProblem[] } {
  const problems = fieldProblems(refusal, files, own, language)
  const [first] = problems
  const head = first ? `${first.field === '' ? '' : `${first.field}: `}${first.message}` : refusal
  const more = problems.length > 1 ? ` (${words[language].more(problems.length - 1)})` : ''
  return { error: `${words[language].refused}: ${head}${more}`, problems }
}

/** The entry a file holds as the admin lists it: its Dutch title, or its file name. */
function entryTitle(data: unknown, file: string): string {
  const title = isRecord(data) ? data.title : undefined
  const text = isRecord(title) ? [title.nl, ...Object.values(title)].find((item) => typeof item === 'string') : undefined
  return typeof text === 'string' ? text : (file.split('/').pop() ?? file).replace(/\.yaml$/, '')
}

/** "2 links in texts point at this page", per admin language. */
const linksPointing: Record<AdminLanguage, (n: number) => string> = {
  nl: (n) => `${n} ${n === 1 ? 'link in tekst verwijst' : 'links in tekst verwijzen'} naar deze pagina`,
  en: (n) => `${n} ${n === 1 ? 'link in a text points' : 'links in texts point'} at this page`,
  de: (n) => `${n} ${n === 1 ? 'Link in einem Text verweist' : 'Links in Texten verweisen'} auf diese Seite`,
  fr: (n) => `${n} ${n === 1 ? 'lien dans un texte pointe' : 'liens dans des textes pointent'} vers cette page`,
  da: (n) => `${n} ${n === 1 ? 'link i en tekst peger' : 'links i tekster peger'} på denne side`,
}

/**
 * The API's answer when a save or delete would break rich-text links (409): the links, named
 * for the editor, and what mending does to each (rewritten to `fix`, or unlinked when null).
 * /admin/problems.js asks the editor, and sends the call again with `links: "mend"`.
 */
export function brokenLinksReport(broken: BrokenLink[], files: SentFiles, language: AdminLanguage) {
  const links = broken.map((link) => {
    const data = dataOf(files, link.file)
    return {
      file: link.file,
      entry: entryTitle(data, link.file),
      field: fieldName(link.file, data, link.path, language),
      language: String(link.path.at(-1) ?? ''),
      href: link.href,
      fix: link.fix,
    }
  })
  const error = `${words[language].refused}: ${linksPointing[language](links.length)}`
  return { error, brokenLinks: links }
}
