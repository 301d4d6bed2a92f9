/**
 * The embedded CMS's content files, validated with valibot at load. One YAML
 * file per page holds the structure once and every text side by side per
 * language (`{ nl, en, de, fr, da }`), so translations cannot drift apart in
 * structure. See docs/decisions/005-embedded-cms-content-as-yaml.md.
 */
import * as v from 'valibot'

const text = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))

/** A text in every language. */
export const localized = v.object({ nl: text, en: text, de: text, fr: text, da: text })
export type Localized = v.InferOutput<typeof localized>

const html = localized

const image = v.object({
  src: v.pipe(v.string(), v.startsWith('/', 'must be a root-relative path, e.g. /media/x.webp')),
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
  alt: localized,
})
export type ContentImage = v.InferOutput<typeof image>

/** A link: to a page by id (resolved per language) or to an external URL. */
const link = v.union([
  v.object({ title: localized, page: v.pipe(v.string(), v.minLength(1)) }),
  v.object({ title: localized, url: v.pipe(v.string(), v.url()) }),
])
export type ContentLink = v.InferOutput<typeof link>

const base = {
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and dashes')),
  title: v.optional(localized),
  showTitle: v.optional(v.boolean(), true),
}

export const elementSchema = v.variant('type', [
  v.object({ type: v.literal('Hero'), ...base, subtitle: v.optional(localized), image, cta: v.optional(link) }),
  v.object({
    type: v.literal('Icons'),
    ...base,
    items: v.array(v.object({ icon: text, title: localized, text: v.optional(localized) })),
  }),
  v.object({
    type: v.literal('Grid'),
    ...base,
    intro: v.optional(html),
    columns: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6)), 3),
    items: v.array(
      v.object({
        title: localized,
        text: v.optional(localized),
        image: v.optional(image),
        brandLogo: v.optional(text),
        link: v.optional(link),
      }),
    ),
  }),
  v.object({
    type: v.literal('MediaContent'),
    ...base,
    content: html,
    image,
    imagePosition: v.optional(v.picklist(['left', 'right']), 'right'),
    cta: v.optional(link),
  }),
  v.object({ type: v.literal('TwoColumnContent'), ...base, left: html, right: html }),
  v.object({ type: v.literal('FullWidthMedia'), ...base, image, caption: v.optional(localized) }),
  v.object({ type: v.literal('Link'), ...base, text: v.optional(localized), link }),
  v.object({
    type: v.literal('Download'),
    ...base,
    intro: v.optional(html),
    files: v.array(
      v.object({
        title: localized,
        src: v.pipe(v.string(), v.startsWith('/')),
        size: v.pipe(v.number(), v.integer(), v.minValue(0)),
        mimeType: text,
      }),
    ),
  }),
  v.object({ type: v.literal('ContactForm'), ...base, intro: v.optional(html) }),
  v.object({ type: v.literal('InteractiveMap'), ...base, intro: v.optional(html) }),
])
export type ContentElement = v.InferOutput<typeof elementSchema>

const pageBase = {
  id: base.id,
  /** Parent page id; the home page has none. */
  parent: v.optional(v.string()),
  sort: v.optional(v.number(), 0),
  /** Languages the page exists in; all five when omitted. */
  languages: v.optional(v.array(v.picklist(['nl', 'en', 'de', 'fr', 'da']))),
  /** Per-language URL segment; the home page's is empty. */
  urlSegment: v.object({ nl: v.string(), en: v.string(), de: v.string(), fr: v.string(), da: v.string() }),
  title: localized,
  menuTitle: v.optional(localized),
  metaTitle: v.optional(localized),
  metaDescription: v.optional(localized),
  lastEdited: v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 date-time')),
}

export const pageFileSchema = v.variant('type', [
  v.object({
    type: v.literal('Page'),
    ...pageBase,
    /** Rich text above the blocks; legal pages use it alone. */
    content: v.optional(html),
    elements: v.optional(v.array(elementSchema), []),
  }),
  v.object({
    type: v.literal('RedirectorPage'),
    ...pageBase,
    redirectCode: v.optional(v.picklist([301, 302]), 301),
    redirectTo: link,
  }),
  v.object({
    type: v.literal('TimelinePage'),
    ...pageBase,
    intro: v.optional(html),
    entries: v.array(
      v.object({
        id: base.id,
        year: v.pipe(v.number(), v.integer()),
        date: v.optional(v.pipe(v.string(), v.isoDate())),
        title: localized,
        text: html,
        image: v.optional(image),
      }),
    ),
  }),
  v.object({ type: v.literal('NewsPage'), ...pageBase, intro: v.optional(html) }),
])
export type PageFile = v.InferOutput<typeof pageFileSchema>

export const siteFileSchema = v.object({
  title: localized,
  tagline: v.optional(localized),
  ogImage: v.optional(image),
  socialLinks: v.optional(v.array(v.object({ platform: text, url: v.pipe(v.string(), v.url()) })), []),
})
export type SiteFile = v.InferOutput<typeof siteFileSchema>

export const navigationFileSchema = v.object({
  /** Page ids, in menu order. */
  main: v.array(v.string()),
  footer: v.array(v.string()),
})
export type NavigationFile = v.InferOutput<typeof navigationFileSchema>

/** Texts for some languages only (news items need not exist in every language). */
const partialLocalized = v.object({
  nl: v.optional(text),
  en: v.optional(text),
  de: v.optional(text),
  fr: v.optional(text),
  da: v.optional(text),
})
export type PartialLocalized = v.InferOutput<typeof partialLocalized>

const slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by dashes'))

export const newsFileSchema = v.object({
  id: base.id,
  date: v.pipe(v.string(), v.isoDate('must be a date like 2026-11-12')),
  /** Languages the item exists in; all five when omitted. */
  languages: v.optional(v.array(v.picklist(['nl', 'en', 'de', 'fr', 'da']))),
  image: v.optional(
    v.object({
      src: image.entries.src,
      width: image.entries.width,
      height: image.entries.height,
      alt: partialLocalized,
    }),
  ),
  slug: v.object({ nl: v.optional(slug), en: v.optional(slug), de: v.optional(slug), fr: v.optional(slug), da: v.optional(slug) }),
  title: partialLocalized,
  summary: partialLocalized,
  body: partialLocalized,
})
export type NewsFile = v.InferOutput<typeof newsFileSchema>

export const locationTypes = ['dealer', 'carbodyrepairshop', 'leaselocation', 'otherlocation'] as const
export const locationCountries = ['NL', 'BE', 'DE', 'FR', 'LU', 'GB', 'DK'] as const

export const locationsFileSchema = v.object({
  locations: v.array(
    v.object({
      id: base.id,
      name: text,
      type: v.picklist(locationTypes),
      brands: v.optional(v.array(text), []),
      address: v.object({ street: text, postalCode: text, city: text, country: v.picklist(locationCountries) }),
      lat: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
      lng: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
      phone: v.optional(text),
      email: v.optional(v.pipe(v.string(), v.email())),
      website: v.optional(v.pipe(v.string(), v.url())),
      openingHours: v.optional(v.array(text), []),
    }),
  ),
})
export type LocationsFile = v.InferOutput<typeof locationsFileSchema>
