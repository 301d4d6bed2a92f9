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
import { blockSchemas } from '../../blocks/blocks.gen'
import {
  contentLanguages,
  image,
  imageFocus,
  imageSize,
  isoTimestamp,
  localized,
  localizedIn,
  pageFieldsIn,
  pageId,
  pageReference,
  partialLocalized,
  richText,
  slug,
  wholeNumber,
} from '../../content-types/fields'

export { localized, pageReference, richText, type Localized } from '../../content-types/fields'
export type { ContentLink, PageTexts } from '../../content-types/fields'

/** One path segment; empty only for the home page. */
const urlSegment = v.pipe(
  v.string(),
  v.regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'must be lowercase letters and digits joined by dashes, e.g. over-ons'),
)

/** The schema of a page file whose texts are required in `required` (its languages). */
function pageSchemaIn(required: ReadonlyArray<Locale>) {
  const fields = pageFieldsIn(required)
  const { localized, html, image, link } = fields
  /** A page's blocks: one variant per block type (app/blocks/<Type>/content.ts). */
  const element = v.variant('type', blockSchemas(fields))

  const pageBase = {
    id: pageId,
    /** Parent page id; the home page has none. */
    parent: v.optional(pageReference),
    /** Order among siblings, ascending. */
    sort: v.optional(wholeNumber, 0),
    languages: contentLanguages,
    /** Per-language URL segment; the home page's is empty. */
    urlSegment: localizedIn(required, urlSegment),
    title: localized,
    menuTitle: v.optional(localized),
    metaTitle: v.optional(localized),
    metaDescription: v.optional(localized),
    /** When the page last changed (the sitemap's lastmod); the file's modification time when left out. */
    lastEdited: v.optional(isoTimestamp),
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
          id: pageId,
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

/** The schema of a page file that exists in `languages` (all of the site's when undefined). */
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
