/**
 * The admin's forms and the server's validation must not drift: this walks the valibot
 * schemas (../content/schema.ts) beside the generated Decap config and names every field,
 * requiredness or pattern that differs, and every block type without a form.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { localeCodes } from '../../../app.config'
import { pageFileSchemaFor, pageReference, richText } from '../content/schema'
import { actionOf, entriesOf, isPerLocale, shapeOf, variantName, variantOptions } from '../content/schema-shape'
import {
  contentModel,
  decapConfig,
  localizedWidget,
  publicationDate,
  type DecapCollection,
  type DecapConfig,
  type DecapField,
} from './decap-config'

/** Whether Decap's `required` should be on: the server needs a non-empty value and the field is not inside an optional object. */
function mustBeRequired(schema: unknown, inOptional: boolean): boolean {
  const shape = shapeOf(schema)
  return !inOptional && !shape.optional && !v.safeParse(shape.present, '').success
}

function regexOf(schema: unknown): string | undefined {
  const regex = actionOf(shapeOf(schema), 'regex')
  const requirement = regex && Reflect.get(regex, 'requirement')
  return requirement instanceof RegExp ? requirement.source : undefined
}

/** Every difference between an object schema's entries and a form's fields, as `path: problem`. */
function objectDrift(schema: unknown, fields: readonly DecapField[], at: string, inOptional: boolean): string[] {
  const entries = entriesOf(shapeOf(schema))
  const names = new Set(entries.map(([name]) => name))
  const problems = fields.filter((field) => !names.has(field.name)).map((field) => `${at}${field.name}: in the form, not in the schema`)
  for (const [name, entry] of entries) {
    const field = fields.find((f) => f.name === name)
    if (!field) problems.push(`${at}${name}: in the schema, not in the form`)
    else problems.push(...fieldDrift(entry, field, `${at}${name}`, inOptional))
  }
  return problems
}

function fieldDrift(schema: unknown, field: DecapField, at: string, inOptional: boolean): string[] {
  const shape = shapeOf(schema)
  const problems: string[] = []
  const required = field.required !== false
  if (required !== mustBeRequired(schema, inOptional)) problems.push(`${at}: required is ${required} in the form`)
  const item = shape.type === 'array' ? shapeOf(Reflect.get(shape.node, 'item')) : undefined
  const reference = shape.layers.includes(pageReference) || item?.layers.includes(pageReference) === true
  if (reference !== (field.widget === 'relation')) problems.push(`${at}: a page reference must be (only) a relation widget`)
  // A relation offers only existing pages' ids, which have the id pattern.
  if (!reference && regexOf(schema) !== field.pattern?.[0]) {
    problems.push(`${at}: pattern ${String(field.pattern?.[0])} in the form, ${String(regexOf(schema))} in the schema`)
  }
  if (shape.layers.includes(richText) !== (field.widget === 'markdown')) problems.push(`${at}: rich text must be (only) a markdown widget`)
  const nestedOptional = inOptional || shape.optional
  if (shape.type === 'strict_object' || shape.type === 'object') {
    if (isPerLocale(shape) && (field.widget !== localizedWidget || field.fields?.map((f) => f.name).join() !== localeCodes.join()))
      problems.push(`${at}: not one field per language in the ${localizedWidget} widget`)
    problems.push(...objectDrift(shape.node, field.fields ?? [], `${at}.`, nestedOptional))
  }
  if (item) {
    if (item.type === 'variant') {
      const types = field.types ?? []
      if (field.typeKey !== 'type') problems.push(`${at}: typeKey must be type`)
      for (const option of variantOptions(item)) {
        const name = variantName(option)
        const form = types.find((t) => t.name === name)
        if (!form) problems.push(`${at}: block type ${name} has no form`)
        else
          problems.push(
            ...objectDrift(
              option.node,
              [{ name: 'type', label: 'Type', widget: 'hidden' }, ...(form.fields ?? [])],
              `${at}[${name}].`,
              false,
            ),
          )
      }
      const known = new Set(variantOptions(item).map(variantName))
      problems.push(...types.filter((t) => !known.has(t.name)).map((t) => `${at}: form for unknown block type ${t.name}`))
    } else if (item.type === 'strict_object' || item.type === 'object') {
      problems.push(...objectDrift(item.node, field.fields ?? [], `${at}[].`, false))
    }
  }
  return problems
}

/**
 * The pages collection has every kind's fields: a field of every kind is compared as usual;
 * one of some kinds is optional in the form, and the kinds are the `type` options.
 */
function pageDrift(fields: readonly DecapField[], schema: unknown = contentModel.page): string[] {
  const kinds = variantOptions(shapeOf(schema))
  const problems: string[] = []
  const typeField = fields.find((f) => f.name === 'type')
  if (typeField?.options?.join() !== kinds.map(variantName).join())
    problems.push(`type: options ${String(typeField?.options)} are not the page kinds`)
  const inAll = new Set(entriesOf(kinds[0] ?? shapeOf(v.object({}))).map(([name]) => name))
  for (const kind of kinds) {
    const own = new Set(entriesOf(kind).map(([name]) => name))
    for (const name of inAll) if (!own.has(name)) inAll.delete(name)
  }
  const seen = new Set(['type'])
  for (const kind of kinds) {
    for (const [name, entry] of entriesOf(kind)) {
      if (seen.has(name)) continue
      seen.add(name)
      const field = fields.find((f) => f.name === name)
      if (!field) problems.push(`${name}: in the ${variantName(kind)} schema, not in the form`)
      else if (inAll.has(name)) problems.push(...fieldDrift(entry, field, name, false))
      else if (field.required !== false) problems.push(`${name}: only some kinds of page have it, so it must be optional in the form`)
      // Its own rules (pattern, widget, subfields) as for any field; optional as a whole, so
      // its subfields are too (the server judges them for the kinds that have it).
      else problems.push(...fieldDrift(entry, field, name, true))
    }
  }
  problems.push(...fields.filter((f) => !seen.has(f.name)).map((f) => `${f.name}: in the form, not in the schema`))
  return problems
}

const config = decapConfig({ backend: { name: 'test-repo' } })

function collection(name: string): DecapCollection {
  const found = config.collections.find((c) => c.name === name)
  if (!found) throw new Error(`no collection ${name}`)
  return found
}

function folderFields(name: string): DecapField[] {
  const found = collection(name)
  if (!('folder' in found)) throw new Error(`${name} is not a folder collection`)
  return found.fields
}

function fileFields(name: string, file: string): DecapField[] {
  const found = collection(name)
  const entry = 'files' in found ? found.files.find((f) => f.name === file) : undefined
  if (!entry) throw new Error(`no file ${file} in ${name}`)
  return entry.fields
}

describe('the Decap config follows the content schemas', () => {
  it('pages: every kind of page and every block type, with its fields', () => {
    expect(pageDrift(folderFields('pages'))).toEqual([])
  })

  it.each([
    ['news', () => folderFields('news'), contentModel.news],
    ['locations', () => folderFields('locations'), contentModel.location],
    ['site', () => fileFields('settings', 'site'), contentModel.site],
    ['navigation', () => fileFields('settings', 'navigation'), contentModel.navigation],
  ])('%s', (_name, fields, schema) => {
    expect(objectDrift(schema, fields(), '', false)).toEqual([])
  })

  it('the drift check finds a missing block type, a changed pattern and a changed requiredness', () => {
    const fields = structuredClone(folderFields('pages'))
    const elements = fields.find((f) => f.name === 'elements')
    const urlSegment = fields.find((f) => f.name === 'urlSegment')
    const title = fields.find((f) => f.name === 'title')
    const nlSegment = urlSegment?.fields?.find((f) => f.name === 'nl')
    const nlTitle = title?.fields?.find((f) => f.name === 'nl')
    const redirectTitle = fields.find((f) => f.name === 'redirectTo')?.fields?.find((f) => f.name === 'title')
    const redirectNl = redirectTitle?.fields?.find((f) => f.name === 'nl')
    if (!elements?.types || !nlSegment || !nlTitle || !redirectNl) throw new Error('the pages form lost a field this test changes')
    elements.types = elements.types.filter((t) => t.name !== 'Download')
    nlSegment.pattern = ['^.*$', 'anything']
    nlTitle.required = false
    // Required inside a field only redirect pages have: Decap would refuse every other page's save.
    delete redirectNl.required
    expect(pageDrift(fields)).toEqual([
      'urlSegment.nl: pattern ^.*$ in the form, ^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$ in the schema',
      'title.nl: required is false in the form',
      'elements: block type Download has no form',
      'redirectTo.title.nl: required is true in the form',
    ])
  })

  it('no field is required inside an optional one (a list item excepted, where the item exists)', () => {
    function requiredUnderOptional(fields: readonly DecapField[] | undefined, at: string, optional: boolean): string[] {
      return (fields ?? []).flatMap((field) => {
        const required = field.required !== false
        const here = required && optional ? [`${at}${field.name}`] : []
        const items = [...(field.field ? [field.field] : []), ...(field.types ?? [])]
        return [
          ...here,
          // A list's fields describe its items: an item that exists is judged on its own.
          ...requiredUnderOptional(field.fields, `${at}${field.name}.`, field.widget !== 'list' && (optional || !required)),
          ...items.flatMap((item) => requiredUnderOptional(item.fields ?? [item], `${at}${field.name}[${item.name}].`, false)),
        ]
      })
    }
    const forms = config.collections.flatMap((c) =>
      'folder' in c ? [[c.name, c.fields] as const] : c.files.map((f) => [f.name, f.fields] as const),
    )
    expect(forms.flatMap(([name, fields]) => requiredUnderOptional(fields, `${name}: `, false))).toEqual([])
  })

  it('Dutch is required and the other languages optional; a page in all languages is checked by the server', () => {
    const title = folderFields('pages').find((f) => f.name === 'title')
    expect(title?.fields?.map((f) => [f.name, f.required !== false])).toEqual([
      ['nl', true],
      ['en', false],
      ['de', false],
      ['fr', false],
      ['da', false],
    ])
    expect(contentModel.page).toBe(pageFileSchemaFor(['nl']))
  })

  it('rich text is a Markdown widget with only what the sanitizer keeps, page links are relations on id', () => {
    const types = folderFields('pages').find((f) => f.name === 'elements')?.types ?? []
    const twoColumns = types.find((t) => t.name === 'TwoColumnContent')
    expect(twoColumns?.fields?.find((f) => f.name === 'left')?.fields?.[0]).toMatchObject({
      name: 'nl',
      widget: 'markdown',
      editor_components: [],
    })
    expect(folderFields('pages').find((f) => f.name === 'parent')).toMatchObject({
      widget: 'relation',
      collection: 'pages',
      value_field: 'id',
    })
    expect(fileFields('settings', 'navigation').find((f) => f.name === 'main')).toMatchObject({ widget: 'relation', multiple: true })
  })

  it('collections are YAML files in the content folder, Decap in Dutch', () => {
    const expected: Partial<DecapConfig> = { locale: 'nl', media_folder: 'content/media', public_folder: '/media' }
    expect(config).toMatchObject(expected)
    expect(collection('pages')).toMatchObject({ folder: 'content/pages', extension: 'yaml', format: 'yaml', identifier_field: 'id' })
    expect(collection('news')).toMatchObject({ folder: 'content/news', extension: 'yaml', format: 'yaml' })
    expect(collection('locations')).toMatchObject({
      folder: 'content/locations',
      extension: 'yaml',
      format: 'yaml',
      identifier_field: 'id',
    })
    expect(collection('settings')).toMatchObject({ files: [{ file: 'content/site.yaml' }, { file: 'content/navigation.yaml' }] })
  })
})

describe('a collection per kind of page', () => {
  it("has that kind's fields only, the kind a hidden default: New makes a page of that kind", () => {
    for (const kind of variantOptions(shapeOf(contentModel.page))) {
      const name = variantName(kind)
      const found = collection(`pages-${name.toLowerCase()}`)
      expect(found).toMatchObject({ folder: 'content/pages', create: true, filter: { field: 'type', value: name } })
      const fields = folderFields(found.name)
      expect(fields.find((f) => f.name === 'type')).toMatchObject({ widget: 'hidden', default: name })
      expect(fields.map((f) => f.name).sort()).toEqual(
        entriesOf(kind)
          .map(([key]) => key)
          .sort(),
      )
      const problems = entriesOf(kind).flatMap(([key, entry]) => {
        const field = fields.find((f) => f.name === key)
        return field ? fieldDrift(entry, field, `${name}.${key}`, false) : []
      })
      expect(problems).toEqual([])
    }
    // All pages stay one collection, out of the list, for page links.
    expect(collection('pages')).toMatchObject({ hide: true, create: false })
  })

  it("offers numbers as Decap's select takes them (it throws on a bare number)", () => {
    expect(folderFields('pages-redirectorpage').find((f) => f.name === 'redirectCode')?.options).toEqual([
      { label: '301', value: 301 },
      { label: '302', value: 302 },
    ])
  })
})

describe('the lists an editor scans', () => {
  it("has one entry per location, sorted by city and searchable by city, name and id (the summary's fields)", () => {
    const locations = collection('locations')
    if (!('folder' in locations)) throw new Error('locations is not a folder collection')
    expect(locations).toMatchObject({ create: true, slug: '{{slug}}' })
    expect(locations.sortable_fields?.[0]).toEqual({ field: 'address.city', label: 'Plaats', default_sort: 'asc' })
    expect(locations.summary).toContain('{{address.city}}')
    expect(locations.summary).toContain('{{name}}')
    expect(locations.summary).toContain('{{id}}')
    // Opening-hours rows show their value, not "Item".
    expect(locations.fields.find((f) => f.name === 'openingHours')).toMatchObject({ widget: 'list', summary: '{{fields.item}}' })
  })

  it('lists news newest first', () => {
    const news = collection('news')
    expect('folder' in news && news.sortable_fields?.[0]).toEqual({ field: 'date', label: 'Datum', default_sort: 'desc' })
  })

  it("names the publication date the admin's date line marks as scheduled: a date field of its collection", () => {
    const publishing = collection(publicationDate.collection)
    const date = 'folder' in publishing ? publishing.fields.find((f) => f.name === publicationDate.field) : undefined
    expect(date).toMatchObject({ widget: 'datetime', format: 'YYYY-MM-DD', hint: expect.stringContaining('toekomst') })
  })
})
