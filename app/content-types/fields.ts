/**
 * The building blocks every content type is made of: texts (one per language), rich text,
 * images, links, ids. A content type (a block's content.ts, locations.ts, …) is written with
 * these, so the rules for a text or a link are the same wherever one appears.
 *
 * Objects are strict: an unknown key is an error, because in hand-edited YAML it is almost
 * always a typo (`metaDescripton`) that would otherwise vanish without a trace.
 */
import * as v from 'valibot'
import { localeCodes, perLocale, type Locale } from '../../app.config'

export const text = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))

/**
 * Rich text: Markdown, which editors write in the admin's rich-text editor; HTML (the older
 * form) is read too. The embedded CMS renders it to the contract's HTML.
 */
export const richText = v.pipe(text, v.description('Markdown (HTML is read too)'))

/** A text in every language (site.yaml). */
export const localized = v.strictObject(perLocale(() => text))
export type Localized = v.InferOutput<typeof localized>

/** Texts for some languages only (news items need not exist in every language). */
export const partialLocalized = v.strictObject(perLocale(() => v.optional(text)))

/**
 * Texts of a page: required in the languages the page exists in (its `languages`), optional
 * in the others, so a page limited to `[nl]` needs only Dutch texts (ADR 005).
 */
export function localizedIn<TSchema extends v.GenericSchema<string, string>>(required: ReadonlyArray<Locale>, value: TSchema) {
  return v.strictObject(perLocale((locale) => (required.includes(locale) ? value : v.optional(value))))
}

export const rootRelative = v.pipe(v.string(), v.startsWith('/', 'must be a root-relative path, e.g. /media/x.webp'))
export const wholeNumber = v.pipe(v.number(), v.integer('must be a whole number'))
const pixels = v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'))

/**
 * The file's intrinsic size (the site reserves the space before it loads). Read from the file
 * when left out; a value given here wins (for an image whose file is elsewhere).
 */
export const imageSize = { width: v.optional(pixels), height: v.optional(pixels) }

const fraction = v.pipe(v.number(), v.minValue(0, 'must be from 0 to 1'), v.maxValue(1, 'must be from 0 to 1'))

/**
 * Where the subject is (fractions of the width and height from the top left): a crop keeps it
 * in view, as a hero does on a phone. The centre when left out.
 */
export const imageFocus = { focus: v.optional(v.strictObject({ x: fraction, y: fraction })) }

/** An image with its alternative text in every language (site.yaml). */
export const image = v.strictObject({ src: rootRelative, ...imageSize, ...imageFocus, alt: localized })

export const pageId = v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and dashes'))

/** A reference to a page by its id (the admin offers a choice of pages). */
export const pageReference = v.pipe(pageId, v.description('The id of a page (its file name without .yaml)'))

/** Lowercase words joined by dashes (a news item's slug, a location's id). */
export const slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by dashes'))

/** Languages a page or news item exists in; all of the site's when omitted. */
export const contentLanguages = v.optional(v.pipe(v.array(v.picklist(localeCodes)), v.minLength(1, 'must name at least one language')))

export const isoTimestamp = v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 date-time'))

/**
 * The fields of a page and its blocks, for a page that exists in `required` (its languages):
 * texts are required in those, optional in the others.
 */
export function pageFieldsIn(required: ReadonlyArray<Locale>) {
  const localized = localizedIn(required, text)
  const html = localizedIn(required, richText)
  const image = v.strictObject({ src: rootRelative, ...imageSize, ...imageFocus, alt: localized })

  /**
   * A link: to a page by id (resolved to its link per language) or to an external URL
   * (`{locale}` in it becomes the language code). One object with a check rather than a
   * union, so a mistake gets a message an editor can act on instead of "no union member matched".
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
  return { localized, html, image, link }
}

/** What a block's or page kind's fields are written with (texts bound to the page's languages). */
export type PageFields = ReturnType<typeof pageFieldsIn>
/** Texts of a page in some languages (the ones it exists in are there). */
export type PageTexts = v.InferOutput<PageFields['localized']>
export type ContentLink = v.InferOutput<PageFields['link']>
export type ContentImage = v.InferOutput<PageFields['image']>
