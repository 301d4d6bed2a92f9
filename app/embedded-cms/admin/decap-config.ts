/**
 * The Decap CMS configuration (/admin/config.yml), generated from the valibot schemas the
 * embedded CMS validates content with (../content/schema.ts), so the admin's forms and the
 * server's rules have one source. decap-config.test.ts fails when they drift. What Decap
 * cannot express (texts required in the languages a page lists, "page or url") the server
 * still refuses, naming file, line and field. See docs/decisions/034-decap-cms.md.
 *
 * Pure: no server-only imports, so the admin's server route and the tests share it.
 */
import * as v from 'valibot'
import { locationFileSchema } from '../../content-types/locations'
import { locationTypes } from '../../locations/locations'
import { languages } from '../../../app.config'
import { navigationFileSchema, newsFileSchema, pageFileSchemaFor, pageReference, richText, siteFileSchema } from '../content/schema'
import { actionOf, entriesOf, get, isPerLocale, shapeOf, variantName, variantOptions, type SchemaShape } from '../content/schema-shape'
import { fieldHints, labelOf, pageKindNames, patternMessages, words, type AdminLanguage } from './decap-labels'

/** The parts of Decap's field configuration used here (https://decapcms.org/docs/widgets/). */
export interface DecapField {
  name: string
  label: string
  widget: string
  /** Decap's default is true (and then an empty value is refused). */
  required?: boolean
  hint?: string
  default?: unknown
  /** [regular expression, message]. */
  pattern?: [string, string]
  /** object and list: the subfields; list of variants: `types`, told apart by `typeKey`. */
  fields?: DecapField[]
  field?: DecapField
  types?: DecapField[]
  typeKey?: string
  summary?: string
  collapsed?: boolean
  /** select (numbers as {label, value}: Decap's select throws on a bare number) */
  options?: ReadonlyArray<string | { label: string; value: number }>
  multiple?: boolean
  /** number */
  value_type?: 'int' | 'float'
  min?: number
  max?: number
  /** datetime */
  format?: string
  date_format?: string | boolean
  time_format?: string | boolean
  /** relation */
  collection?: string
  value_field?: string
  search_fields?: string[]
  display_fields?: string[]
  /** markdown */
  buttons?: string[]
  editor_components?: string[]
  modes?: Array<'rich_text' | 'raw'>
}

interface CollectionBase {
  name: string
  label: string
  label_singular?: string
  description?: string
}

export interface DecapFolderCollection extends CollectionBase {
  folder: string
  extension: 'yaml'
  format: 'yaml'
  create: boolean
  identifier_field: string
  slug: string
  summary: string
  /** Decap sorts by the first with `default_sort` when the list opens. */
  sortable_fields?: Array<string | { field: string; label?: string; default_sort?: boolean | 'asc' | 'desc' }>
  /** The list's "Group by" (entries by a field's value) and "Filter by" (a field matching a regular expression). */
  view_groups?: Array<{ label: string; field: string }>
  view_filters?: Array<{ label: string; field: string; pattern: string }>
  /** Only the folder's files whose field has this value (a kind of page); new ones get it from a hidden field. */
  filter?: { field: string; value: string }
  /** Not in the admin's list of collections (still the target of relation fields). */
  hide?: boolean
  fields: DecapField[]
}

export interface DecapFileCollection extends CollectionBase {
  files: Array<{ name: string; label: string; file: string; fields: DecapField[] }>
}

export type DecapCollection = DecapFolderCollection | DecapFileCollection

export interface DecapConfig {
  backend: object
  /** Decap's own UI language: Dutch unless the editor chose another (app/server/admin/editor-script.ts). */
  locale: string
  site_url?: string
  media_folder: string
  public_folder: string
  collections: DecapCollection[]
}

export interface DecapConfigOptions {
  backend: object
  /** The admin's language: its labels, hints and names (decap-labels.ts); Dutch unless given. */
  language?: AdminLanguage
  /** Where uploads are written, relative to the repository (content/media: public at /media/… at once). */
  mediaFolder?: string
  /** The public path of `mediaFolder`. */
  publicFolder?: string
  siteUrl?: string
}

export const contentFolder = 'content'

/** The content files and their schemas; the drift test walks the same list. */
export const contentModel = {
  /** Texts of a page are generated as Dutch required, the others optional (a page in all languages needs all: the server says so). */
  page: pageFileSchemaFor(['nl']),
  news: newsFileSchema,
  site: siteFileSchema,
  navigation: navigationFileSchema,
  location: locationFileSchema,
} as const

/**
 * Whether Decap may call the field required: Decap refuses an empty value of a required
 * field, so a value the server accepts empty (the home page's URL segment) is optional there.
 */
export function requiredInDecap(shape: SchemaShape): boolean {
  if (shape.optional) return false
  if (shape.type !== 'string') return true
  return !v.safeParse(shape.present, '').success
}

/** The regular expression a string must match, as Decap's `pattern` (its message in the admin's language). */
export function patternOf(shape: SchemaShape, language: AdminLanguage = 'nl'): [string, string] | undefined {
  const regex = actionOf(shape, 'regex')
  if (!regex) return undefined
  const requirement = get(regex, 'requirement')
  const message = get(regex, 'message')
  if (!(requirement instanceof RegExp) || typeof message !== 'string') return undefined
  return [requirement.source, patternMessages[message]?.[language] ?? message]
}

// ---- Fields ----

/** Markdown that the sanitizer keeps (no images, code or top-level headings: the page has its h1). */
const markdownWidget = (): Partial<DecapField> => ({
  widget: 'markdown',
  buttons: ['bold', 'italic', 'link', 'heading-two', 'heading-three', 'heading-four', 'quote', 'bulleted-list', 'numbered-list'],
  editor_components: [],
  modes: ['rich_text', 'raw'],
})

// Functions, not shared objects: a shared array would be written as a YAML anchor and alias.
const pageRelation = (): Partial<DecapField> => ({
  widget: 'relation',
  collection: 'pages',
  value_field: 'id',
  search_fields: ['id', 'title.nl'],
  display_fields: ['title.nl'],
})

interface FieldContext {
  /** The admin's language, for labels and hints. */
  language: AdminLanguage
  /** The object holds an image (a `src` beside an `alt`): `src` is an upload. */
  image?: boolean
  /**
   * The field is inside an optional object: Decap would demand its required subfields even
   * when the object is left empty, so they are optional there and the server judges them.
   */
  inOptional?: boolean
}

/** The Decap field of one schema entry. */
export function fieldOf(name: string, schema: unknown, context: FieldContext): DecapField {
  const shape = shapeOf(schema)
  const field: DecapField = { name, label: labelOf(name, context.language), widget: 'string' }
  if (context.inOptional || !requiredInDecap(shape)) field.required = false
  const hint = fieldHints[name]?.[context.language]
  if (hint) field.hint = hint
  Object.assign(field, widgetOf(name, shape, { ...context, inOptional: context.inOptional || shape.optional }))
  if (shape.defaultValue !== undefined && !Array.isArray(shape.defaultValue)) field.default = shape.defaultValue
  return field
}

function widgetOf(name: string, shape: SchemaShape, context: FieldContext): Partial<DecapField> {
  if (shape.layers.includes(pageReference)) return pageRelation()
  switch (shape.type) {
    case 'string': {
      if (shape.layers.includes(richText)) return markdownWidget()
      if (actionOf(shape, 'iso_date')) return { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false }
      if (actionOf(shape, 'iso_timestamp')) return { widget: 'datetime' }
      // An image or file is uploaded (or picked) in the media library.
      const widget = name === 'src' ? (context.image ? 'image' : 'file') : 'string'
      const pattern = patternOf(shape, context.language)
      return pattern ? { widget, pattern } : { widget }
    }
    case 'number': {
      const min = get(actionOf(shape, 'min_value') ?? {}, 'requirement')
      const max = get(actionOf(shape, 'max_value') ?? {}, 'requirement')
      return {
        widget: 'number',
        value_type: actionOf(shape, 'integer') ? 'int' : 'float',
        ...(typeof min === 'number' ? { min } : {}),
        ...(typeof max === 'number' ? { max } : {}),
      }
    }
    case 'boolean':
      return { widget: 'boolean' }
    case 'picklist': {
      const options = get(shape.node, 'options')
      return {
        widget: 'select',
        options: Array.isArray(options)
          ? options.flatMap((o: unknown): Array<string | { label: string; value: number }> =>
              typeof o === 'string' ? [o] : typeof o === 'number' ? [{ label: String(o), value: o }] : [],
            )
          : [],
      }
    }
    case 'literal':
      return { widget: 'hidden', default: get(shape.node, 'literal') }
    case 'object':
    case 'strict_object':
      if (isPerLocale(shape)) return { widget: localizedWidget, fields: perLocaleFields(shape, context) }
      return { widget: 'object', fields: objectFields(shape, context) }
    case 'array':
      return listOf(shapeOf(get(shape.node, 'item')), context.language)
    default:
      throw new Error(`${name}: no Decap widget for a valibot ${shape.type} schema`)
  }
}

/**
 * A text per language: an object of one subfield per language that the admin's own widget
 * (app/server/admin/form-script.ts) shows one language at a time, under tabs. What it stores is
 * the object's, unchanged.
 */
export const localizedWidget = 'localized'

/**
 * The field whose date publishes its entry (ADR 093): its hint says so, and the admin's date
 * line (app/server/admin/date-script.ts) says when a date of it is still to come.
 */
export const publicationDate = { collection: 'news', field: 'date' } as const

/** One subfield per language, in the one locale list's order, labelled with the language's name. */
function perLocaleFields(shape: SchemaShape, context: FieldContext): DecapField[] {
  const entries = new Map(entriesOf(shape))
  return languages.map(({ code, name }) => ({
    ...fieldOf(code, entries.get(code), { language: context.language, inOptional: context.inOptional }),
    label: `${name} (${code})`,
  }))
}

function objectFields(shape: SchemaShape, context: FieldContext): DecapField[] {
  const entries = entriesOf(shape)
  const image = entries.some(([key]) => key === 'src') && entries.some(([key]) => key === 'alt')
  return entries.map(([key, schema]) => fieldOf(key, schema, { language: context.language, image, inOptional: context.inOptional }))
}

/**
 * What a folded row of a list says: its title (in Dutch, the language every text has) or its
 * name, so an editor scans the rows by what they hold. A block's row has its kind above it
 * (Decap's), and says so when the block has no title.
 */
export function summaryOf(fields: readonly DecapField[], language: AdminLanguage, block?: boolean): string | undefined {
  const title = fields.find((field) => field.name === 'title' && field.widget === localizedWidget)
  const name = fields.find((field) => field.name === 'name' && field.widget === 'string')
  if (title && block) return `{{fields.title.nl | default('${words.noTitle[language]}')}}`
  if (title) return '{{fields.title.nl}}'
  if (name) return '{{fields.name}}'
  return undefined
}

function listOf(item: SchemaShape, language: AdminLanguage): Partial<DecapField> {
  if (item.layers.includes(pageReference)) return { ...pageRelation(), multiple: true }
  if (item.type === 'picklist') return { ...widgetOf('item', item, { language }), multiple: true }
  if (item.type === 'variant') {
    return {
      widget: 'list',
      typeKey: get(item.node, 'key') === 'type' ? 'type' : String(get(item.node, 'key')),
      collapsed: true,
      types: variantOptions(item).map((option) => {
        const typeName = variantName(option)
        const fields = objectFields(option, { language }).filter((field) => field.name !== 'type')
        const summary = summaryOf(fields, language, true)
        return { name: typeName, label: labelOf(typeName, language), widget: 'object', ...(summary ? { summary } : {}), fields }
      }),
    }
  }
  if (item.type === 'object' || item.type === 'strict_object') {
    const fields = objectFields(item, { language })
    const summary = summaryOf(fields, language)
    return { widget: 'list', collapsed: true, ...(summary ? { summary } : {}), fields }
  }
  // Each row labelled by its value ("Mo-Fr 08:00-18:00"), not "Item".
  return { widget: 'list', summary: '{{fields.item}}', field: fieldOf('item', item.present, { language }) }
}

// ---- Collections ----

/**
 * A page file is one of several kinds (`type`). Decap has no per-kind forms, so the pages
 * collection has every kind's fields: a field only some kinds have is optional here, with a
 * hint naming them, and the server refuses what the page's kind does not allow.
 */
export function pageFields(language: AdminLanguage = 'nl'): DecapField[] {
  const kinds = variantOptions(shapeOf(contentModel.page))
  const names = kinds.map(variantName)
  const merged = new Map<string, { schema: unknown; kinds: string[] }>()
  for (const kind of kinds) {
    for (const [key, schema] of entriesOf(kind)) {
      if (key === 'type') continue
      const seen = merged.get(key)
      if (seen) seen.kinds.push(variantName(kind))
      else merged.set(key, { schema, kinds: [variantName(kind)] })
    }
  }
  const typeField: DecapField = { name: 'type', label: words.kindOfPage[language], widget: 'select', options: names, default: names[0] }
  const fields = [...merged].map(([key, { schema, kinds: having }]) => {
    if (having.length === names.length) return fieldOf(key, schema, { language })
    // Absent from the other kinds, so optional as a whole: its subfields too (Decap would
    // otherwise demand a redirect's title on every page), and the server judges them.
    const field = fieldOf(key, schema, { language, inOptional: true })
    const only = `${words.onlyFor[language]} ${having.join(` ${words.and[language]} `)}.`
    return { ...field, hint: field.hint ? `${only} ${field.hint}` : only }
  })
  const [id, ...rest] = fields
  return id ? [id, typeField, ...rest] : [typeField, ...rest]
}

/**
 * One collection per kind of page over the pages folder, each with only its kind's fields (its
 * `type` a hidden field with the kind as default, so "New" makes a page of that kind). The
 * collection of all pages stays, hidden, as the target of page links.
 */
export function pageKindCollections(folder: string, language: AdminLanguage = 'nl'): DecapFolderCollection[] {
  return variantOptions(shapeOf(contentModel.page)).map((kind) => {
    const name = variantName(kind)
    const names = pageKindNames[name]
    return {
      name: `pages-${name.toLowerCase()}`,
      label: names?.label[language] ?? name,
      label_singular: names?.singular[language] ?? name,
      description: names?.description[language] ?? '',
      folder,
      extension: 'yaml',
      format: 'yaml',
      create: true,
      identifier_field: 'id',
      slug: '{{slug}}',
      summary: '{{title.nl}} ({{id}})',
      // Listed as the site's tree by the admin's own script (links-script.ts, ADR 109): no other order.
      sortable_fields: [],
      filter: { field: 'type', value: name },
      fields: objectFields(kind, { language }),
    }
  })
}

/**
 * One entry per location (a file each, ADR 098): listed and sorted by city, found by name, city or
 * id (Decap searches the fields of the summary), grouped by country and filtered by type on demand.
 */
export function locationsCollection(folder: string, language: AdminLanguage = 'nl'): DecapFolderCollection {
  return {
    name: 'locations',
    label: words.locations[language],
    label_singular: words.location[language],
    description: words.locationsDescription[language],
    folder,
    extension: 'yaml',
    format: 'yaml',
    create: true,
    identifier_field: 'id',
    slug: '{{slug}}',
    summary: '{{address.city}} – {{name}} ({{id}})',
    sortable_fields: [{ field: 'address.city', label: words.city[language], default_sort: 'asc' }, 'name', 'id'],
    view_groups: [{ label: words.country[language], field: 'address.country' }],
    view_filters: locationTypes.map((type) => ({ label: words[type][language], field: 'type', pattern: `^${type}$` })),
    fields: objectFields(shapeOf(contentModel.location), { language }),
  }
}

export function decapConfig(options: DecapConfigOptions): DecapConfig {
  const { backend, language = 'nl', mediaFolder = `${contentFolder}/media`, publicFolder = '/media', siteUrl } = options
  const fieldsOf = (schema: unknown) => objectFields(shapeOf(schema), { language })
  return {
    backend,
    locale: language,
    ...(siteUrl === undefined ? {} : { site_url: siteUrl }),
    media_folder: mediaFolder,
    public_folder: publicFolder,
    collections: [
      ...pageKindCollections(`${contentFolder}/pages`, language),
      {
        name: 'pages',
        label: words.allPages[language],
        label_singular: words.page[language],
        folder: `${contentFolder}/pages`,
        extension: 'yaml',
        format: 'yaml',
        create: false,
        hide: true,
        identifier_field: 'id',
        slug: '{{slug}}',
        summary: '{{title.nl}} ({{id}})',
        sortable_fields: ['id', 'sort'],
        fields: pageFields(language),
      },
      {
        name: 'news',
        label: words.news[language],
        label_singular: words.newsItem[language],
        folder: `${contentFolder}/news`,
        extension: 'yaml',
        format: 'yaml',
        create: true,
        identifier_field: 'id',
        slug: '{{slug}}',
        summary: '{{date}} {{title.nl}}',
        // Newest first, as the site lists them (not in file-name order).
        sortable_fields: [{ field: 'date', label: words.date[language], default_sort: 'desc' }, 'id'],
        // A news item's date is when it goes out (ADR 093); a timeline entry's date is only history.
        fields: fieldsOf(contentModel.news).map((field) =>
          field.name === publicationDate.field ? { ...field, hint: words.scheduledDate[language] } : field,
        ),
      },
      locationsCollection(`${contentFolder}/locations`, language),
      {
        name: 'settings',
        label: words.settings[language],
        files: [
          { name: 'site', label: words.site[language], file: `${contentFolder}/site.yaml`, fields: fieldsOf(contentModel.site) },
          {
            name: 'navigation',
            label: words.menus[language],
            file: `${contentFolder}/navigation.yaml`,
            fields: fieldsOf(contentModel.navigation),
          },
        ],
      },
    ],
  }
}
