/**
 * The embedded CMS's content files, validated with valibot at load. One YAML
 * file per page holds the structure once and every text side by side per
 * language (`{ nl, en, de, fr, da }`), so translations cannot drift apart in
 * structure. See docs/decisions/005-embedded-cms-content-as-yaml.md.
 *
 * Objects are strict: an unknown key is an error, because in hand-edited YAML
 * it is almost always a typo (`metaDescripton`) that would otherwise vanish
 * without a trace.
 */
import * as v from 'valibot'
import { localeCodes, perLocale, type Locale } from '../../../app.config'
import { isTimeZone } from '../../locations/open-status'
import { readOpeningHours, type HoursProblem } from '../../locations/opening-hours'
import { locationServices } from '../../locations/services'

const text = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))

/**
 * Rich text: Markdown, which editors write in the admin's rich-text editor; HTML (the older
 * form) is read too. The embedded CMS renders it to the contract's HTML (markdown.ts).
 */
export const richText = v.pipe(text, v.description('Markdown (HTML is read too)'))

/** A text in every language (site.yaml). */
export const localized = v.strictObject(perLocale(() => text))
export type Localized = v.InferOutput<typeof localized>

/**
 * Texts of a page: required in the languages the page exists in (its `languages`), optional
 * in the others, so a page limited to `[nl]` needs only Dutch texts (ADR 005).
 */
function localizedIn<TSchema extends v.GenericSchema<string, string>>(required: ReadonlyArray<Locale>, value: TSchema) {
  return v.strictObject(perLocale((locale) => (required.includes(locale) ? value : v.optional(value))))
}

const rootRelative = v.pipe(v.string(), v.startsWith('/', 'must be a root-relative path, e.g. /media/x.webp'))
const pixels = v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'))

/**
 * The file's intrinsic size (the site reserves the space before it loads). Read from the file
 * when left out (read.ts); a value given here wins (for an image whose file is elsewhere).
 */
const imageSize = { width: v.optional(pixels), height: v.optional(pixels) }

const fraction = v.pipe(v.number(), v.minValue(0, 'must be from 0 to 1'), v.maxValue(1, 'must be from 0 to 1'))

/**
 * Where the subject is (fractions of the width and height from the top left): a crop keeps it
 * in view, as a hero does on a phone. The centre when left out.
 */
const imageFocus = { focus: v.optional(v.strictObject({ x: fraction, y: fraction })) }

const image = v.strictObject({ src: rootRelative, ...imageSize, ...imageFocus, alt: localized })

const pageId = v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and dashes'))

/** A reference to a page by its id (the admin offers a choice of pages). */
export const pageReference = v.pipe(pageId, v.description('The id of a page (its file name without .yaml)'))

/** One path segment; empty only for the home page. */
const urlSegment = v.pipe(
  v.string(),
  v.regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'must be lowercase letters and digits joined by dashes, e.g. over-ons'),
)

/** Languages a page or news item exists in; all five when omitted. */
export const contentLanguages = v.optional(v.pipe(v.array(v.picklist(localeCodes)), v.minLength(1, 'must name at least one language')))

/** The schema of a page file whose texts are required in `required` (its languages). */
function pageSchemaIn(required: ReadonlyArray<Locale>) {
  const localized = localizedIn(required, text)
  const html = localizedIn(required, richText)
  const image = v.strictObject({ src: rootRelative, ...imageSize, ...imageFocus, alt: localized })

  /**
   * A link: to a page by id (resolved to its link per language) or to an
   * external URL (`{locale}` in it becomes the language code). One object with
   * a check rather than a union, so a mistake gets a message an editor can act
   * on instead of "no union member matched".
   */
  const link = v.pipe(
    v.strictObject({
      title: localized,
      page: v.optional(pageReference),
      url: v.optional(v.pipe(v.string(), v.url('must be an absolute URL, e.g. https://example.com'))),
    }),
    v.check(
      (target) => (target.page === undefined) !== (target.url === undefined),
      'needs either page (a page id) or url (an external URL), not both',
    ),
  )

  const base = {
    id: pageId,
    title: v.optional(localized),
    showTitle: v.optional(v.boolean(), true),
  }

  const element = v.variant('type', [
    v.strictObject({ type: v.literal('Hero'), ...base, subtitle: v.optional(localized), image, cta: v.optional(link) }),
    v.strictObject({
      type: v.literal('Icons'),
      ...base,
      items: v.array(v.strictObject({ icon: text, title: localized, text: v.optional(localized) })),
    }),
    v.strictObject({
      type: v.literal('Grid'),
      ...base,
      intro: v.optional(html),
      columns: v.optional(
        v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be 1 to 6'), v.maxValue(6, 'must be 1 to 6')),
        3,
      ),
      items: v.array(
        v.strictObject({
          title: localized,
          text: v.optional(localized),
          image: v.optional(image),
          brandLogo: v.optional(text),
          link: v.optional(link),
        }),
      ),
    }),
    v.strictObject({
      type: v.literal('MediaContent'),
      ...base,
      content: html,
      image,
      imagePosition: v.optional(v.picklist(['left', 'right']), 'right'),
      cta: v.optional(link),
    }),
    v.strictObject({ type: v.literal('TwoColumnContent'), ...base, left: html, right: html }),
    v.strictObject({ type: v.literal('FullWidthMedia'), ...base, image, caption: v.optional(localized) }),
    v.strictObject({ type: v.literal('Link'), ...base, text: v.optional(localized), link }),
    v.strictObject({
      type: v.literal('Download'),
      ...base,
      intro: v.optional(html),
      files: v.array(
        v.strictObject({
          title: localized,
          src: v.pipe(rootRelative, v.regex(/\.[a-z0-9]+$/i, 'must end with a file extension, e.g. .pdf')),
          /** Size in bytes, shown next to the link. */
          size: v.pipe(v.number(), v.integer('must be a whole number of bytes'), v.minValue(0, 'must not be negative')),
          mimeType: v.pipe(v.string(), v.regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'must be a MIME type, e.g. application/pdf')),
        }),
      ),
    }),
    v.strictObject({ type: v.literal('ContactForm'), ...base, intro: v.optional(html) }),
    v.strictObject({ type: v.literal('InteractiveMap'), ...base, intro: v.optional(html) }),
  ])

  const pageBase = {
    id: base.id,
    /** Parent page id; the home page has none. */
    parent: v.optional(pageReference),
    /** Order among siblings, ascending. */
    sort: v.optional(v.pipe(v.number(), v.integer('must be a whole number')), 0),
    languages: contentLanguages,
    /** Per-language URL segment; the home page's is empty. */
    urlSegment: localizedIn(required, urlSegment),
    title: localized,
    menuTitle: v.optional(localized),
    metaTitle: v.optional(localized),
    metaDescription: v.optional(localized),
    /** When the page last changed (the sitemap's lastmod); the file's modification time when left out. */
    lastEdited: v.optional(v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 date-time'))),
    /** A draft is served only in preview mode (docs/content.md), never in the sitemap. */
    draft: v.optional(v.boolean(), false),
  }

  return v.variant('type', [
    v.strictObject({
      type: v.literal('Page'),
      ...pageBase,
      /** Rich text above the blocks; legal pages use it alone. */
      content: v.optional(html),
      elements: v.optional(v.array(element), []),
    }),
    v.strictObject({
      type: v.literal('RedirectorPage'),
      ...pageBase,
      /** 301 (permanent) or 302 (temporary). */
      redirectCode: v.optional(v.picklist([301, 302], 'must be 301 or 302'), 301),
      redirectTo: link,
    }),
    v.strictObject({
      type: v.literal('TimelinePage'),
      ...pageBase,
      intro: v.optional(html),
      entries: v.array(
        v.strictObject({
          id: base.id,
          year: v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1800, 'must be a year'), v.maxValue(2200, 'must be a year')),
          date: v.optional(v.pipe(v.string(), v.isoDate('must be a date like 2025-05-01'))),
          title: localized,
          text: html,
          image: v.optional(image),
        }),
      ),
    }),
    v.strictObject({ type: v.literal('NewsPage'), ...pageBase, intro: v.optional(html) }),
  ])
}

type PageSchema = ReturnType<typeof pageSchemaIn>
const pageSchemas = new Map<string, PageSchema>()

/** The schema of a page file that exists in `languages` (all five when undefined). */
export function pageFileSchemaFor(languages: ReadonlyArray<Locale> = localeCodes): PageSchema {
  const key = localeCodes.filter((locale) => languages.includes(locale)).join(',')
  let schema = pageSchemas.get(key)
  if (!schema) {
    schema = pageSchemaIn(localeCodes.filter((locale) => languages.includes(locale)))
    pageSchemas.set(key, schema)
  }
  return schema
}

export type PageFile = v.InferOutput<PageSchema>
export type ContentElement = Extract<PageFile, { type: 'Page' }>['elements'][number]
export type ContentLink = Extract<PageFile, { type: 'RedirectorPage' }>['redirectTo']
/** Texts of a page in some languages (the ones it exists in are there). */
export type PageTexts = ContentLink['title']

export const siteFileSchema = v.strictObject({
  title: localized,
  tagline: v.optional(localized),
  ogImage: v.optional(image),
  socialLinks: v.optional(
    v.array(
      v.strictObject({
        platform: v.picklist(['facebook', 'instagram', 'linkedin', 'youtube', 'x'], 'must be facebook, instagram, linkedin, youtube or x'),
        url: v.pipe(v.string(), v.url('must be an absolute URL')),
      }),
    ),
    [],
  ),
})
export type SiteFile = v.InferOutput<typeof siteFileSchema>

export const navigationFileSchema = v.strictObject({
  /** Page ids, in menu order; titles and links come from the pages. */
  main: v.array(pageReference),
  footer: v.array(pageReference),
  /** The page that lists the locations (the 404 page suggests it). */
  locations: v.optional(pageReference),
})
export type NavigationFile = v.InferOutput<typeof navigationFileSchema>

/** Texts for some languages only (news items need not exist in every language). */
const partialLocalized = v.strictObject({
  nl: v.optional(text),
  en: v.optional(text),
  de: v.optional(text),
  fr: v.optional(text),
  da: v.optional(text),
})
export type PartialLocalized = v.InferOutput<typeof partialLocalized>

const slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by dashes'))

export const newsFileSchema = v.strictObject({
  id: pageId,
  date: v.pipe(v.string(), v.isoDate('must be a date like 2026-11-12')),
  languages: contentLanguages,
  /** A draft is served only in preview mode, never in the sitemap. */
  draft: v.optional(v.boolean(), false),
  image: v.optional(
    v.strictObject({
      src: image.entries.src,
      ...imageSize,
      ...imageFocus,
      alt: partialLocalized,
    }),
  ),
  slug: v.strictObject(perLocale(() => v.optional(slug))),
  title: partialLocalized,
  summary: partialLocalized,
  body: v.strictObject(perLocale(() => v.optional(richText))),
})
export type NewsFile = v.InferOutput<typeof newsFileSchema>

export const locationTypes = ['dealer', 'carbodyrepairshop', 'leaselocation', 'otherlocation'] as const
export const locationCountries = ['NL', 'BE', 'DE', 'FR', 'LU', 'GB', 'DK'] as const

/** Why an opening-hours value cannot be read, for the editor. */
function hoursProblemMessage(value: string, { kind, item }: HoursProblem): string {
  switch (kind) {
    case 'format':
      return `"${value}" is not like "Mo-Fr 08:00-18:00" (days, a space, then opening-closing times)`
    case 'day':
      return `"${item}" in "${value}" is not a day or range of days (Mo, Tu, We, Th, Fr, Sa, Su)`
    case 'backwards':
      return `"${item}" in "${value}" runs backwards: write a range from Monday towards Sunday`
    case 'time':
      return `"${item}" in "${value}" is not a time range between 00:00 and 24:00`
    case 'order':
      return `"${item}" in "${value}" closes before it opens (past midnight: write two values)`
  }
}

/** A schema.org opening-hours value the site can read. */
const openingHoursValue = v.pipe(
  text,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const parsed = readOpeningHours(dataset.value)
    if ('problem' in parsed) addIssue({ message: hoursProblemMessage(dataset.value, parsed.problem) })
  }),
)

export const locationsFileSchema = v.strictObject({
  locations: v.array(
    v.strictObject({
      /** Also the location page's address segment (/vestigingen/<id>), in every language. */
      id: slug,
      name: text,
      type: v.picklist(locationTypes),
      brands: v.optional(v.array(text), []),
      /** What the location offers; its type's usual services when left out (app/locations/services.ts). */
      services: v.optional(v.array(v.picklist(locationServices))),
      address: v.strictObject({ street: text, postalCode: text, city: text, country: v.picklist(locationCountries) }),
      lat: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
      lng: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
      phone: v.optional(text),
      email: v.optional(v.pipe(v.string(), v.email('must be an email address'))),
      website: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
      /** schema.org format ("Mo-Fr 08:00-18:00"), in the location's time zone. */
      openingHours: v.optional(v.array(openingHoursValue), []),
      /** IANA time zone of the opening hours; the country's when left out (app.config.ts). */
      timeZone: v.optional(v.pipe(v.string(), v.check(isTimeZone, 'must be an IANA time zone such as Europe/Amsterdam'))),
      /** When the location last changed (its page's sitemap lastmod); the file's modification time when left out. */
      lastEdited: v.optional(v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 date-time'))),
    }),
  ),
})
export type LocationsFile = v.InferOutput<typeof locationsFileSchema>
