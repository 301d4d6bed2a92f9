import { languages, type Locale } from '../../../app.config'
import { countryTimeZones } from '../../../app.config'
import { defaultServices, type LocationService } from '../../locations/services'
import type { CallToActionValue, ImageValue, Projection } from '../../content-types/block'
import { blocks } from '../../blocks/blocks.gen'
import type { LocationFile } from '../../content-types/locations'
import type { ContentElement, ContentLink, NewsFile, PageFile, PageTexts } from './schema'
import { ContentError, type ContentSources, type ImageSize, type RawContent } from './read'
import { locationPageProblem, redirectedLinkProblem, reservedSegmentProblem } from './reachability'
import { checkReferences, existsIn } from './references'
import { hasVariants, variantsOf, type ImageVariant } from '../../media/image-variants'
import { mediaVersion } from '../../media/media-files.server'
import { descriptionFromContent } from '../../seo/content-description'
import { richTextHtml } from './markdown'
import { runAtOnce, type Steps } from './steps'
import { isOut } from './schedule'

// The resolved graph the resolvers serve: per locale, links, translations and breadcrumbs computed once.

export interface PageSummary {
  id: string
  title: string
  menuTitle: string
  link: string
}

export type { CallToActionValue, ImageValue } from '../../content-types/block'
type FocusPoint = NonNullable<ImageValue['focus']>

interface PageCommon extends PageSummary {
  urlSegment: string
  metaTitle: string | null
  metaDescription: string | null
  locale: string
  lastEdited: string
  translations: Array<{ locale: string; link: string; title: string }>
  breadcrumbs: PageSummary[]
  parent: PageSummary | null
  children: PageSummary[]
}

/** A block in one language, shaped like the GraphQL type named by `__typename`. */
export type ElementValue = { __typename: ContentElement['type']; id: string; title: string | null; showTitle: boolean } & object

export interface TimelineEntryValue {
  id: string
  year: number
  date: string | null
  title: string
  text: string
  image: ImageValue | null
}

/** A page in one locale, shaped like the GraphQL type named by `__typename`. */
export type PageValue = PageCommon &
  (
    | { __typename: 'Page'; content: string | null; elementalArea: { elements: ElementValue[] } }
    | {
        __typename: 'RedirectorPage'
        redirectionType: 'Internal' | 'External'
        redirectCode: number
        linkTo: PageSummary | null
        externalUrl: string | null
      }
    | { __typename: 'TimelinePage'; intro: string | null; entries: TimelineEntryValue[] }
    | { __typename: 'NewsPage'; intro: string | null }
  )

export interface NewsValue {
  id: string
  slug: string
  title: string
  date: string
  summary: string
  body: string
  image: ImageValue | null
  locale: string
  translations: Array<{ locale: string; slug: string }>
}

export interface MenuItemValue {
  title: string
  link: string
  children: MenuItemValue[]
}

export interface NavigationValue {
  main: MenuItemValue[]
  footer: MenuItemValue[]
  /** The locations list page, null when there is none (in this language). */
  locations: MenuItemValue | null
}

export interface SiteConfigValue {
  title: string
  tagline: string | null
  ogImage: ImageValue | null
  socialLinks: Array<{ platform: string; url: string }>
  locale: string
  contactPage: PageSummary | null
}

/** A location as the contract serves it: defaults filled in, absent fields null. */
export type LocationValue = Omit<LocationFile, 'phone' | 'email' | 'website'> & {
  services: LocationService[]
  timeZone: string
  lastEdited: string
  phone: string | null
  email: string | null
  website: string | null
}

export interface EmbeddedContent {
  locations: LocationValue[]
  /** iso locale → items, newest first */
  news: Map<string, NewsValue[]>
  /** iso locale → link → page */
  pages: Map<string, Map<string, PageValue>>
  /** iso locale → site data */
  site: Map<string, SiteConfigValue>
  /** iso locale → menus */
  navigation: Map<string, NavigationValue>
}

/** "" for nl (served without prefix), "/en" etc. for the others. */
const prefix = (locale: Locale) => (locale === 'nl' ? '' : `/${locale}`)

/**
 * A page's text in one of its languages. Validation requires every text in the languages the
 * page exists in, and only those are projected, so a gap here is a bug, reported at load.
 */
function textIn(texts: PageTexts, locale: Locale): string {
  const value = texts[locale]
  if (value === undefined) throw new ContentError(`a ${locale} text is missing although validation required it`)
  return value
}

/** A rich text (Markdown, or HTML as before) as the contract's HTML, in one of the page's languages. */
function richTextIn(texts: PageTexts, locale: Locale): string {
  return richTextHtml(textIn(texts, locale))
}

/** An optional rich text as HTML, null when there is none in this language. */
function optionalRichText(texts: PageTexts | undefined, locale: Locale): string | null {
  const text = texts?.[locale]
  return text === undefined ? null : richTextHtml(text)
}

interface ContentImage {
  src: string
  width?: number
  height?: number
  focus?: FocusPoint
  alt: PageTexts
}

/**
 * What the builds of content share, so a reload costs what changed: within one read,
 * each media file's version (a file lookup) and each image's variant list; across reads, the
 * values of news items whose file did not change (the same validated object, read.ts) and whose
 * image did not change. Both builds (with and without drafts) and the content still online share
 * these values instead of holding copies.
 */
export class ProjectionMemo {
  readonly #versions = new Map<string, string | undefined>()
  readonly #variants = new Map<string, ImageVariant[]>()
  readonly #news: WeakMap<NewsFile, { image: string; values: Map<Locale, NewsValue> }>

  /** A memo for a new read: media versions are looked up again, news values of `earlier` are kept. */
  constructor(earlier?: ProjectionMemo) {
    this.#news = earlier ? earlier.#news : new WeakMap()
  }

  /** The version of a media file, looked up once per read. */
  version(url: string): string | undefined {
    if (!this.#versions.has(url)) this.#versions.set(url, hasVariants(url) ? mediaVersion(url) : undefined)
    return this.#versions.get(url)
  }

  /** An image as the contract gives it: with resized AVIF/WebP copies when the server can make them from its file. */
  image(url: string, alt: string, size: ImageSize, focus: FocusPoint | undefined): ImageValue {
    const version = this.version(url)
    const key = `${url}\0${size.width}\0${version ?? ''}`
    let variants = this.#variants.get(key)
    if (!variants) {
      variants = version === undefined ? [] : variantsOf(url, size.width, version)
      this.#variants.set(key, variants)
    }
    return { url, alt, ...size, variants, focus: focus ?? null }
  }

  /** The paths of every image variant the content built with this memo links to (without their `?v=`). */
  variantPaths(): Set<string> {
    return new Set([...this.#variants.values()].flatMap((variants) => variants.map((variant) => variant.url.split('?')[0] ?? variant.url)))
  }

  /** A news item's values per language: the earlier ones while the item (its file) and its image are the same. */
  news(item: NewsFile, image: string, build: () => Map<Locale, NewsValue>): Map<Locale, NewsValue> {
    const earlier = this.#news.get(item)
    if (earlier?.image === image) return earlier.values
    const values = build()
    this.#news.set(item, { image, values })
    return values
  }
}

/** The size an image states, else the one read from its file (read.ts measured every image that states none). */
function sizeOf(img: { src: string; width?: number; height?: number }, sizes: RawContent['imageSizes']): ImageSize {
  const measured = sizes.get(img.src)
  const width = img.width ?? measured?.width
  const height = img.height ?? measured?.height
  if (width === undefined || height === undefined) throw new ContentError(`${img.src}: the image's size was neither given nor read from its file`)
  return { width, height }
}

/** Shared by element building; pages are looked up by id, references are already checked. */
interface Resolver {
  cta: (target: ContentLink, locale: Locale) => CallToActionValue
  image: (img: ContentImage, locale: Locale) => ImageValue
}

type Blocks = typeof blocks
type ElementOf<TType extends keyof Blocks> = Extract<ContentElement, { type: TType }>
/** Each block type's projection, typed by its own element (a new type in blocks.gen.ts is here at once). */
const projections: { [TType in keyof Blocks]: { project: (block: ElementOf<TType>, projection: Projection) => object } } = blocks

function blockValue<TType extends keyof Blocks>(type: TType, block: ElementOf<TType>, projection: Projection): object {
  return projections[type].project(block, projection)
}

function elementValue(el: ContentElement, locale: Locale, links: Resolver): ElementValue {
  const projection: Projection = {
    text: (texts) => textIn(texts, locale),
    optionalText: (texts) => texts?.[locale] ?? null,
    richText: (texts) => richTextIn(texts, locale),
    optionalRichText: (texts) => optionalRichText(texts, locale),
    image: (image) => links.image(image, locale),
    link: (link) => links.cta(link, locale),
  }
  return { ...blockValue(el.type, el, projection), __typename: el.type, id: el.id, title: el.title?.[locale] ?? null, showTitle: el.showTitle }
}

/**
 * The content visitors see: drafts, and pages below a draft, left out; menus skip them; news
 * dated after `today` waits for its day (schedule.ts). The ids left out are returned too, so a
 * link to one is named as such.
 */
function withoutDrafts(all: RawContent, today: string | undefined): { raw: RawContent; unpublished: Set<string> } {
  const parentOf = new Map(all.pages.map(({ page }) => [page.id, page.parent]))
  const drafts = new Set(all.pages.filter(({ page }) => page.draft).map(({ page }) => page.id))
  const isUnpublished = (id: string): boolean => {
    // Walk up (at most once per page: a cycle is reported by the reference check).
    const seen = new Set<string>()
    for (let up: string | undefined = id; up !== undefined && !seen.has(up); up = parentOf.get(up)) {
      if (drafts.has(up)) return true
      seen.add(up)
    }
    return false
  }
  const unpublished = new Set(all.pages.filter(({ page }) => isUnpublished(page.id)).map(({ page }) => page.id))
  const inMenu = (ids: string[]) => ids.filter((id) => !unpublished.has(id))
  const raw: RawContent = {
    ...all,
    pages: all.pages.filter(({ page }) => !unpublished.has(page.id)),
    news: all.news.filter(({ item }) => !item.draft && (today === undefined || isOut(item.date, today))),
    navigation: {
      main: inMenu(all.navigation.main),
      footer: inMenu(all.navigation.footer),
      // Like a menu entry: a draft locations page is simply not suggested.
      locations: all.navigation.locations !== undefined && unpublished.has(all.navigation.locations) ? undefined : all.navigation.locations,
    },
  }
  return { raw, unpublished }
}

export interface BuildOptions {
  /** Preview mode: drafts and scheduled news included. */
  drafts: boolean
  memo?: ProjectionMemo
  /** The date it is (`2026-11-29`, schedule.ts): news dated later is left out without `drafts`. Every item when not given. */
  today?: string
}

/**
 * Turns validated files into the per-locale graph the resolvers serve (links, translations,
 * breadcrumbs computed once): with `drafts` for preview mode, else without them.
 */
export function buildContent(all: RawContent, options: BuildOptions): EmbeddedContent {
  return runAtOnce(buildContentSteps(all, options))
}

/** buildContent in steps (steps.ts): one step per page and language, and per news item. */
export function* buildContentSteps(all: RawContent, { drafts, memo = new ProjectionMemo(), today }: BuildOptions): Steps<EmbeddedContent> {
  const { raw, unpublished } = drafts ? { raw: all, unpublished: new Set<string>() } : withoutDrafts(all, today)
  const byId = checkReferences(raw, unpublished)
  const pageById = (id: string): PageFile => {
    const page = byId.get(id)?.page
    // checkReferences has vouched for every id used below.
    if (!page) throw new ContentError(`pages: no page with id "${id}"`)
    return page
  }
  /** From the home page down to the page's parent. */
  const ancestors = (page: PageFile): PageFile[] => (page.parent === undefined ? [] : [...ancestors(pageById(page.parent)), pageById(page.parent)])
  const linkOf = (page: PageFile, locale: Locale): string => {
    const segments = [...ancestors(page), page].map((p) => textIn(p.urlSegment, locale)).filter((s) => s !== '')
    // The home page is "/" in nl and "/en" (not "/en/") elsewhere: no trailing slashes (ADR 004).
    return `${prefix(locale)}/${segments.join('/')}`.replace(/(.)\/$/, '$1')
  }
  const summary = (page: PageFile, locale: Locale): PageSummary => ({
    id: page.id,
    title: textIn(page.title, locale),
    menuTitle: page.menuTitle?.[locale] ?? textIn(page.title, locale),
    link: linkOf(page, locale),
  })
  /** Why the page's link in `locale` is answered by another route (reachability.ts), at which field. */
  const unreachableProblem = (page: PageFile, locale: Locale, link: string) => {
    const segment = textIn(page.urlSegment, locale)
    // The top-level segment is the page's own when every ancestor's is empty (the home page's).
    const topLevel = segment !== '' && ancestors(page).every((p) => textIn(p.urlSegment, locale) === '')
    const message =
      (topLevel ? reservedSegmentProblem(segment, locale) : undefined) ?? redirectedLinkProblem(link) ?? locationPageProblem(link, locale)
    return message === undefined ? undefined : { at: `urlSegment.${locale}`, message }
  }
  const links: Resolver = {
    image: (img, locale) => memo.image(img.src, textIn(img.alt, locale), sizeOf(img, raw.imageSizes), img.focus),
    cta: (target, locale) =>
      target.page !== undefined
        ? { title: textIn(target.title, locale), url: linkOf(pageById(target.page), locale), external: false }
        : { title: textIn(target.title, locale), url: (target.url ?? '').replace('{locale}', locale), external: true },
  }

  const content: EmbeddedContent = {
    locations: raw.locations.map(({ location, modified }) => ({
      ...location,
      services: [...(location.services ?? defaultServices[location.type])],
      timeZone: location.timeZone ?? countryTimeZones[location.address.country],
      lastEdited: location.lastEdited ?? modified,
      phone: location.phone ?? null,
      email: location.email ?? null,
      website: location.website ?? null,
    })),
    pages: new Map(),
    news: new Map(),
    site: new Map(),
    navigation: new Map(),
  }
  const childrenOf = new Map<string, RawContent['pages']>()
  for (const entry of raw.pages) {
    if (entry.page.parent !== undefined) childrenOf.set(entry.page.parent, [...(childrenOf.get(entry.page.parent) ?? []), entry])
  }
  const news = yield* buildNews(raw.news, raw.sources, raw.imageSizes, memo)

  for (const language of languages) {
    const locale = language.code
    const pages = new Map<string, PageValue>()
    const fileOfLink = new Map<string, string>()
    for (const { file, page, modified } of raw.pages) {
      if (!existsIn(page, locale)) continue
      const link = linkOf(page, locale)
      const unreachable = unreachableProblem(page, locale, link)
      if (unreachable) throw new ContentError(raw.sources.problem(file, unreachable.at, unreachable.message))
      const other = fileOfLink.get(link)
      if (other) throw new ContentError(raw.sources.problem(file, `urlSegment.${locale}`, `the link ${link} is also the link of ${other}`))
      fileOfLink.set(link, file)

      const parent = page.parent === undefined ? undefined : pageById(page.parent)
      const common: PageCommon = {
        ...summary(page, locale),
        urlSegment: textIn(page.urlSegment, locale),
        metaTitle: page.metaTitle?.[locale] ?? null,
        metaDescription: page.metaDescription?.[locale] ?? null,
        locale: language.iso,
        lastEdited: page.lastEdited ?? modified,
        translations: languages
          .filter((other) => other.code !== locale && existsIn(page, other.code))
          .map((other) => ({ locale: other.iso, link: linkOf(page, other.code), title: textIn(page.title, other.code) })),
        // Ancestors exist in every language the page does (checked), so no filtering is needed.
        breadcrumbs: ancestors(page).map((p) => summary(p, locale)),
        parent: parent ? summary(parent, locale) : null,
        children: (childrenOf.get(page.id) ?? [])
          .filter((child) => existsIn(child.page, locale))
          .sort((a, b) => a.page.sort - b.page.sort || a.page.id.localeCompare(b.page.id))
          .map((e) => summary(e.page, locale)),
      }
      const value = pageValue(page, common, locale)
      // Without the editor's description, the page's own first text: the site's tagline as
      // every such page's description made them duplicates to search engines.
      pages.set(link, value.metaDescription ? value : { ...value, metaDescription: descriptionFromContent(value) })
      yield
    }
    content.pages.set(language.iso, pages)

    content.site.set(language.iso, {
      title: raw.site.title[locale],
      tagline: raw.site.tagline?.[locale] ?? null,
      ogImage: raw.site.ogImage ? links.image(raw.site.ogImage, locale) : null,
      socialLinks: raw.site.socialLinks,
      locale: language.iso,
      contactPage: contactPageIn(locale),
    })

    // A menu entry for a page that does not exist in this language is left out of this language's menu.
    const menu = (ids: string[]): MenuItemValue[] =>
      ids
        .map(pageById)
        .filter((page) => existsIn(page, locale))
        .map((page) => {
          const s = summary(page, locale)
          return { title: s.menuTitle, link: s.link, children: [] }
        })
    content.navigation.set(language.iso, {
      main: menu(raw.navigation.main),
      footer: menu(raw.navigation.footer),
      locations: menu(raw.navigation.locations === undefined ? [] : [raw.navigation.locations])[0] ?? null,
    })
    content.news.set(language.iso, news.get(locale) ?? [])
  }
  return content

  /** The page with the contact form in a language (location pages link to it); the first in file order. */
  function contactPageIn(locale: Locale): PageSummary | null {
    const entry = raw.pages.find(
      ({ page }) => page.type === 'Page' && existsIn(page, locale) && page.elements.some((element) => element.type === 'ContactForm'),
    )
    return entry ? summary(entry.page, locale) : null
  }

  function pageValue(page: PageFile, common: PageCommon, locale: Locale): PageValue {
    switch (page.type) {
      case 'Page':
        return {
          __typename: page.type,
          ...common,
          content: optionalRichText(page.content, locale),
          elementalArea: { elements: page.elements.map((el) => elementValue(el, locale, links)) },
        }
      case 'RedirectorPage': {
        const target = page.redirectTo.page === undefined ? undefined : pageById(page.redirectTo.page)
        return {
          __typename: page.type,
          ...common,
          redirectionType: target ? 'Internal' : 'External',
          redirectCode: page.redirectCode,
          linkTo: target ? summary(target, locale) : null,
          externalUrl: target ? null : links.cta(page.redirectTo, locale).url,
        }
      }
      case 'TimelinePage':
        return {
          __typename: page.type,
          ...common,
          intro: optionalRichText(page.intro, locale),
          entries: page.entries.map((entry) => ({
            id: entry.id,
            year: entry.year,
            date: entry.date ?? null,
            title: textIn(entry.title, locale),
            text: richTextIn(entry.text, locale),
            image: entry.image ? links.image(entry.image, locale) : null,
          })),
        }
      case 'NewsPage':
        return { __typename: page.type, ...common, intro: optionalRichText(page.intro, locale) }
    }
  }
}

/** News per language, newest first; every listed language must have all texts and a unique slug. */
function* buildNews(files: RawContent['news'], sources: ContentSources, sizes: RawContent['imageSizes'], memo: ProjectionMemo): Steps<Map<Locale, NewsValue[]>> {
  const byLocale = new Map<Locale, NewsValue[]>()
  const slugs = new Map<Locale, Set<string>>()
  const fileOfId = new Map<string, string>()
  for (const { file, item } of files) {
    const other = fileOfId.get(item.id)
    if (other) throw new ContentError(sources.problem(file, 'id', `"${item.id}" is also the id of ${other}`))
    fileOfId.set(item.id, file)
    const size = item.image ? sizeOf(item.image, sizes) : undefined
    const image = item.image && size ? `${size.width}x${size.height} ${memo.version(item.image.src) ?? ''}` : ''
    const values = memo.news(item, image, () => newsValues(file, item, sources, (alt) => (item.image && size ? memo.image(item.image.src, alt, size, item.image.focus) : null)))
    for (const [locale, value] of values) {
      const used = slugs.get(locale) ?? new Set()
      if (used.has(value.slug)) throw new ContentError(sources.problem(file, `slug.${locale}`, `"${value.slug}" is used by another news item too`))
      used.add(value.slug)
      slugs.set(locale, used)
      const list = byLocale.get(locale) ?? []
      list.push(value)
      byLocale.set(locale, list)
    }
    yield
  }
  // Dates are ISO: compared as text (localeCompare on thousands of items took a noticeable part of a reload).
  for (const list of byLocale.values()) list.sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : a.date < b.date ? 1 : -1))
  return byLocale
}

/** A news item's value in each of its languages; every listed language must have all texts. */
function newsValues(file: string, item: NewsFile, sources: ContentSources, imageWith: (alt: string) => ImageValue | null): Map<Locale, NewsValue> {
  const itemLanguages = languages.filter((l) => !item.languages || item.languages.includes(l.code))
  const missing = (field: string, locale: Locale) =>
    new ContentError(sources.problem(file, `${field}.${locale}`, `missing, but the item is published in ${locale} (see languages)`))
  const texts = (locale: Locale) => {
    const slug = item.slug[locale]
    const title = item.title[locale]
    const summary = item.summary[locale]
    const body = item.body[locale]
    const alt = item.image ? item.image.alt[locale] : ''
    if (slug === undefined) throw missing('slug', locale)
    if (title === undefined) throw missing('title', locale)
    if (summary === undefined) throw missing('summary', locale)
    if (body === undefined) throw missing('body', locale)
    if (alt === undefined) throw missing('image.alt', locale)
    return { slug, title, summary, body, alt }
  }
  const values = new Map<Locale, NewsValue>()
  for (const language of itemLanguages) {
    const own = texts(language.code)
    let body: string | undefined
    values.set(language.code, {
      id: item.id,
      slug: own.slug,
      title: own.title,
      date: item.date,
      summary: own.summary,
      // Rendered when first read (an item's page, the feed): most of thousands of items never
      // are between two edits, and rendering all of them was a noticeable part of a start.
      get body() {
        body ??= richTextHtml(own.body)
        return body
      },
      image: imageWith(own.alt),
      locale: language.iso,
      translations: itemLanguages
        .filter((other) => other.code !== language.code)
        .map((other) => ({ locale: other.iso, slug: texts(other.code).slug })),
    })
  }
  return values
}
