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

/** The regular expression a string must match, as Decap's `pattern`. */
export function patternOf(shape: SchemaShape): [string, string] | undefined {
  const regex = actionOf(shape, 'regex')
  if (!regex) return undefined
  const requirement = get(regex, 'requirement')
  const message = get(regex, 'message')
  if (!(requirement instanceof RegExp) || typeof message !== 'string') return undefined
  return [requirement.source, message]
}

// ---- Labels ----

const labels: Record<string, string> = {
  urlSegment: 'URL segment',
  metaTitle: 'Title for search engines',
  metaDescription: 'Description for search engines',
  menuTitle: 'Title in menus',
  showTitle: 'Show the title',
  cta: 'Call to action',
  src: 'File',
  alt: 'Alternative text',
  ogImage: 'Image for social media',
  mimeType: 'MIME type',
  lat: 'Latitude',
  lng: 'Longitude',
  url: 'URL',
  page: 'Page',
  brandLogo: 'Brand logo',
  redirectTo: 'Redirect to',
  redirectCode: 'Redirect code',
  lastEdited: 'Last edited',
  timeZone: 'Time zone',
  postalCode: 'Postal code',
  openingHours: 'Opening hours',
  socialLinks: 'Social media links',
  imagePosition: 'Image position',
  // The old "Draft" switch took a live page offline at once; a change now waits as a draft anyway (ADR 092).
  draft: 'Offline (hidden from visitors)',
}

/** `metaDescription` → "Meta description", unless named above. */
export function labelOf(name: string): string {
  const known = labels[name]
  if (known) return known
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const hints: Record<string, string> = {
  id: "Lowercase letters, digits and dashes, unique. A page's or news item's id names its file.",
  urlSegment: "The page's part of the web address in each language; empty only for the home page.",
  languages: 'The languages it exists in; all when left empty. Its texts are required in each of them.',
  width: 'Read from the image file when left empty.',
  height: 'Read from the image file when left empty.',
  focus: 'Where the subject is (0 to 1 from the top left); a crop keeps it in view.',
  draft:
    'Once published, visitors no longer see it (preview mode still does). To change a live page, just Save: it stays as it is until you publish.',
  sort: 'Order among pages with the same parent, ascending.',
  openingHours: 'Like "Mo-Fr 08:00-18:00", in the location\'s time zone.',
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
  /** The object holds an image (a `src` beside an `alt`): `src` is an upload. */
  image?: boolean
  /**
   * The field is inside an optional object: Decap would demand its required subfields even
   * when the object is left empty, so they are optional there and the server judges them.
   */
  inOptional?: boolean
}

/** The Decap field of one schema entry. */
export function fieldOf(name: string, schema: unknown, context: FieldContext = {}): DecapField {
  const shape = shapeOf(schema)
  const field: DecapField = { name, label: labelOf(name), widget: 'string' }
  if (context.inOptional || !requiredInDecap(shape)) field.required = false
  const hint = hints[name]
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
      const pattern = patternOf(shape)
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
      if (isPerLocale(shape)) return { widget: 'object', collapsed: false, fields: perLocaleFields(shape, context) }
      return { widget: 'object', fields: objectFields(shape, context) }
    case 'array':
      return listOf(shapeOf(get(shape.node, 'item')))
    default:
      throw new Error(`${name}: no Decap widget for a valibot ${shape.type} schema`)
  }
}

/** One subfield per language, in the one locale list's order, labelled with the language's name. */
function perLocaleFields(shape: SchemaShape, context: FieldContext): DecapField[] {
  const entries = new Map(entriesOf(shape))
  return languages.map(({ code, name }) => ({
    ...fieldOf(code, entries.get(code), { inOptional: context.inOptional }),
    label: `${name} (${code})`,
  }))
}

function objectFields(shape: SchemaShape, context: FieldContext = {}): DecapField[] {
  const entries = entriesOf(shape)
  const image = entries.some(([key]) => key === 'src') && entries.some(([key]) => key === 'alt')
  return entries.map(([key, schema]) => fieldOf(key, schema, { image, inOptional: context.inOptional }))
}

function listOf(item: SchemaShape): Partial<DecapField> {
  if (item.layers.includes(pageReference)) return { ...pageRelation(), multiple: true }
  if (item.type === 'picklist') return { ...widgetOf('item', item, {}), multiple: true }
  if (item.type === 'variant') {
    return {
      widget: 'list',
      typeKey: get(item.node, 'key') === 'type' ? 'type' : String(get(item.node, 'key')),
      collapsed: true,
      types: variantOptions(item).map((option) => {
        const typeName = variantName(option)
        return {
          name: typeName,
          label: labelOf(typeName),
          widget: 'object',
          summary: '{{fields.id}}',
          fields: objectFields(option).filter((field) => field.name !== 'type'),
        }
      }),
    }
  }
  if (item.type === 'object' || item.type === 'strict_object') return { widget: 'list', collapsed: true, fields: objectFields(item) }
  // Each row labelled by its value ("Mo-Fr 08:00-18:00"), not "Item".
  return { widget: 'list', summary: '{{fields.item}}', field: fieldOf('item', item.present) }
}

// ---- Collections ----

/**
 * A page file is one of several kinds (`type`). Decap has no per-kind forms, so the pages
 * collection has every kind's fields: a field only some kinds have is optional here, with a
 * hint naming them, and the server refuses what the page's kind does not allow.
 */
export function pageFields(): DecapField[] {
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
  const typeField: DecapField = { name: 'type', label: 'Kind of page', widget: 'select', options: names, default: names[0] }
  const fields = [...merged].map(([key, { schema, kinds: having }]) => {
    if (having.length === names.length) return fieldOf(key, schema)
    // Absent from the other kinds, so optional as a whole: its subfields too (Decap would
    // otherwise demand a redirect's title on every page), and the server judges them.
    const field = fieldOf(key, schema, { inOptional: true })
    const only = `Only for ${having.join(' and ')} pages.`
    return { ...field, hint: field.hint ? `${only} ${field.hint}` : only }
  })
  const [id, ...rest] = fields
  return id ? [id, typeField, ...rest] : [typeField, ...rest]
}

/** The admin's names of the kinds of page: a collection each, with that kind's form alone. */
const pageKinds: Record<string, { label: string; singular: string; description: string }> = {
  Page: { label: 'Pages', singular: 'Page', description: 'Pages built from blocks, and the legal pages (their text in Content).' },
  NewsPage: { label: 'News list', singular: 'News list page', description: 'The page that lists the news items.' },
  TimelinePage: { label: 'Timelines', singular: 'Timeline page', description: 'A page of dated entries (the history).' },
  RedirectorPage: { label: 'Redirects', singular: 'Redirect', description: 'An address that sends visitors to another page.' },
}

/**
 * One collection per kind of page over the pages folder, each with only its kind's fields (its
 * `type` a hidden field with the kind as default, so "New" makes a page of that kind). The
 * collection of all pages stays, hidden, as the target of page links.
 */
export function pageKindCollections(folder: string): DecapFolderCollection[] {
  return variantOptions(shapeOf(contentModel.page)).map((kind) => {
    const name = variantName(kind)
    const names = pageKinds[name] ?? { label: name, singular: name, description: '' }
    return {
      name: `pages-${name.toLowerCase()}`,
      label: names.label,
      label_singular: names.singular,
      description: names.description,
      folder,
      extension: 'yaml',
      format: 'yaml',
      create: true,
      identifier_field: 'id',
      slug: '{{slug}}',
      summary: '{{title.nl}} ({{id}})',
      sortable_fields: ['id', 'sort'],
      filter: { field: 'type', value: name },
      fields: objectFields(kind),
    }
  })
}

/** The kinds of location as the admin's filter names them. */
const locationTypeLabels: Record<(typeof locationTypes)[number], string> = {
  dealer: 'Dealers',
  carbodyrepairshop: 'Body repair shops',
  leaselocation: 'Lease locations',
  otherlocation: 'Other locations',
}

/**
 * One entry per location (a file each, ADR 098): listed and sorted by city, found by name, city or
 * id (Decap searches the fields of the summary), grouped by country and filtered by type on demand.
 */
export function locationsCollection(folder: string): DecapFolderCollection {
  return {
    name: 'locations',
    label: 'Locations',
    label_singular: 'Location',
    description: 'One entry per location, by city. To find one, type its city, name or id in the search box.',
    folder,
    extension: 'yaml',
    format: 'yaml',
    create: true,
    identifier_field: 'id',
    slug: '{{slug}}',
    summary: '{{address.city}} – {{name}} ({{id}})',
    sortable_fields: [{ field: 'address.city', label: 'City', default_sort: 'asc' }, 'name', 'id'],
    view_groups: [{ label: 'Country', field: 'address.country' }],
    view_filters: locationTypes.map((type) => ({ label: locationTypeLabels[type], field: 'type', pattern: `^${type}$` })),
    fields: fieldsOf(contentModel.location),
  }
}

function fieldsOf(schema: unknown): DecapField[] {
  return objectFields(shapeOf(schema))
}

export function decapConfig(options: DecapConfigOptions): DecapConfig {
  const { backend, mediaFolder = `${contentFolder}/media`, publicFolder = '/media', siteUrl } = options
  return {
    backend,
    locale: 'nl',
    ...(siteUrl === undefined ? {} : { site_url: siteUrl }),
    media_folder: mediaFolder,
    public_folder: publicFolder,
    collections: [
      ...pageKindCollections(`${contentFolder}/pages`),
      {
        name: 'pages',
        label: 'All pages',
        label_singular: 'Page',
        folder: `${contentFolder}/pages`,
        extension: 'yaml',
        format: 'yaml',
        create: false,
        hide: true,
        identifier_field: 'id',
        slug: '{{slug}}',
        summary: '{{title.nl}} ({{id}})',
        sortable_fields: ['id', 'sort'],
        fields: pageFields(),
      },
      {
        name: 'news',
        label: 'News',
        label_singular: 'News item',
        folder: `${contentFolder}/news`,
        extension: 'yaml',
        format: 'yaml',
        create: true,
        identifier_field: 'id',
        slug: '{{slug}}',
        summary: '{{date}} {{title.nl}}',
        // Newest first, as the site lists them (not in file-name order).
        sortable_fields: [{ field: 'date', label: 'Date', default_sort: 'desc' }, 'id'],
        // A news item's date is when it goes out (ADR 093); a timeline entry's date is only history.
        fields: fieldsOf(contentModel.news).map((field) =>
          field.name === 'date' ? { ...field, hint: 'A date in the future schedules the item: visitors see it from that day on.' } : field,
        ),
      },
      locationsCollection(`${contentFolder}/locations`),
      {
        name: 'settings',
        label: 'Site settings',
        files: [
          { name: 'site', label: 'Site', file: `${contentFolder}/site.yaml`, fields: fieldsOf(contentModel.site) },
          { name: 'navigation', label: 'Menus', file: `${contentFolder}/navigation.yaml`, fields: fieldsOf(contentModel.navigation) },
        ],
      },
    ],
  }
}
