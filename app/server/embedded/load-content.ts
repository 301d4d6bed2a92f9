import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import * as v from 'valibot'
import { parse as parseYaml } from 'yaml'
import { languages, type Locale } from '../../../app.config'
import {
  navigationFileSchema,
  pageFileSchema,
  siteFileSchema,
  type ContentElement,
  type ContentImage,
  type ContentLink,
  locationsFileSchema,
  newsFileSchema,
  type LocationsFile,
  type NavigationFile,
  type NewsFile,
  type PageFile,
  type SiteFile,
} from './content-schema'

/**
 * A content file is invalid. The message names the file and the field path,
 * e.g. `content/pages/about.yaml: elements[2].image.width: expected number, got "abc"`,
 * because the person reading it is an editor with the file open, not a developer with a stack trace.
 */
export class ContentError extends Error {
  override name = 'ContentError'
}

// ------------------------------------------------------------------ reading and validating files

/** How many problems one file reports; the rest are counted, so a broken file does not flood the log. */
const maxIssuesPerFile = 5

/** `elements[2].image.width` (array indices in brackets, as editors count list items). */
function fieldPath(issue: v.BaseIssue<unknown>): string {
  let path = ''
  for (const item of issue.path ?? []) {
    if (item.type === 'array') path += `[${String(item.key)}]`
    else path += path === '' ? String(item.key) : `.${String(item.key)}`
  }
  return path === '' ? '(file)' : path
}

function shortValue(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value)
  return json.length > 60 ? `${json.slice(0, 57)}...` : json
}

/** One problem in words: "missing", "unknown field", "expected number, got "abc"" or the rule's own message. */
function describeIssue(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema') {
    // A strict object reports an unknown key as a `never` expectation at that key.
    if (issue.expected === 'never') return 'unknown field (a typo?)'
    if (issue.input === undefined) return 'missing'
    return `expected ${issue.expected ?? 'another type'}, got ${issue.received}`
  }
  // A `check` judges the whole value: its message says everything.
  if (issue.type === 'check') return issue.message
  return `${issue.message}, got ${shortValue(issue.input)}`
}

function validate<TSchema extends v.GenericSchema>(schema: TSchema, data: unknown, file: string): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  const problems = result.issues.slice(0, maxIssuesPerFile).map((issue) => `${file}: ${fieldPath(issue)}: ${describeIssue(issue)}`)
  const more = result.issues.length - maxIssuesPerFile
  if (more > 0) problems.push(`${file}: ... and ${more} more problem${more === 1 ? '' : 's'}`)
  throw new ContentError(problems.join('\n'))
}

function readYaml(path: string, file: string): unknown {
  try {
    return parseYaml(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ContentError(`${file}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`)
  }
}

export interface RawContent {
  pages: Array<{ file: string; page: PageFile }>
  news: Array<{ file: string; item: NewsFile }>
  locations: LocationsFile['locations']
  site: SiteFile
  navigation: NavigationFile
  /** Display path of navigation.yaml, for reference errors found later. */
  navigationFile: string
}

/**
 * Reads and validates every content file under `dir`. File names in messages
 * start at the folder's own name (`content/pages/home.yaml`), wherever it lives.
 */
export function readContent(dir: string): RawContent {
  const root = join(dir, '..')
  const display = (path: string) => relative(root, path)
  const load = <TSchema extends v.GenericSchema>(schema: TSchema, path: string) => validate(schema, readYaml(path, display(path)), display(path))
  const yamlFiles = (folder: string) =>
    existsSync(folder)
      ? readdirSync(folder)
          .filter((name) => name.endsWith('.yaml'))
          .sort()
          .map((name) => join(folder, name))
      : []

  for (const required of ['site.yaml', 'navigation.yaml', 'pages']) {
    if (!existsSync(join(dir, required))) throw new ContentError(`${display(join(dir, required))}: missing`)
  }
  const pages = yamlFiles(join(dir, 'pages')).map((path) => ({ file: display(path), page: load(pageFileSchema, path) }))
  // News and locations are optional: without them the site shows an empty list.
  const news = yamlFiles(join(dir, 'news')).map((path) => ({ file: display(path), item: load(newsFileSchema, path) }))
  const locationsPath = join(dir, 'locations.yaml')
  const locations = existsSync(locationsPath) ? load(locationsFileSchema, locationsPath).locations : []
  const ids = new Set<string>()
  for (const [index, location] of locations.entries()) {
    if (ids.has(location.id)) throw new ContentError(`${display(locationsPath)}: locations[${index}].id: "${location.id}" is used twice`)
    ids.add(location.id)
  }
  const navigationPath = join(dir, 'navigation.yaml')
  return {
    pages,
    news,
    locations,
    site: load(siteFileSchema, join(dir, 'site.yaml')),
    navigation: load(navigationFileSchema, navigationPath),
    navigationFile: display(navigationPath),
  }
}

// ------------------------------------------------------------------ references between files

const existsIn = (page: PageFile, locale: Locale) => !page.languages || page.languages.includes(locale)

/** Every link a page holds, with its field path, for the reference check. */
function linksOf(page: PageFile): Array<{ at: string; link: ContentLink }> {
  if (page.type === 'RedirectorPage') return [{ at: 'redirectTo', link: page.redirectTo }]
  if (page.type !== 'Page') return []
  return page.elements.flatMap((element, index) => {
    const at = `elements[${index}]`
    switch (element.type) {
      case 'Hero':
      case 'MediaContent':
        return element.cta ? [{ at: `${at}.cta`, link: element.cta }] : []
      case 'Link':
        return [{ at: `${at}.link`, link: element.link }]
      case 'Grid':
        return element.items.flatMap((item, i) => (item.link ? [{ at: `${at}.items[${i}].link`, link: item.link }] : []))
      default:
        return []
    }
  })
}

/**
 * Checks what a schema cannot see: unique ids, one home page, parents and
 * link targets that exist (in every language the referring page has), no
 * parent cycles, and menu entries that name real pages.
 */
function checkReferences(raw: RawContent): Map<string, { file: string; page: PageFile }> {
  const byId = new Map<string, { file: string; page: PageFile }>()
  for (const entry of raw.pages) {
    const other = byId.get(entry.page.id)
    if (other) throw new ContentError(`${entry.file}: id: "${entry.page.id}" is also the id of ${other.file}`)
    byId.set(entry.page.id, entry)
  }
  const homes = raw.pages.filter((entry) => entry.page.parent === undefined)
  if (homes.length !== 1) {
    const names = homes.map((entry) => entry.file).join(', ') || 'none'
    throw new ContentError(`pages: exactly one page (the home page) must have no parent; without a parent: ${names}`)
  }
  for (const { file, page } of raw.pages) {
    if (page.parent !== undefined) {
      const parent = byId.get(page.parent)?.page
      if (!parent) throw new ContentError(`${file}: parent: no page with id "${page.parent}"`)
      const orphaned = languages.find((l) => existsIn(page, l.code) && !existsIn(parent, l.code))
      if (orphaned) throw new ContentError(`${file}: languages: the page exists in ${orphaned.code}, its parent "${parent.id}" does not`)
      // Walk up: reaching the page again means a cycle, which would have no link.
      const seen = new Set([page.id])
      for (let up: PageFile | undefined = parent; up; up = up.parent === undefined ? undefined : byId.get(up.parent)?.page) {
        if (seen.has(up.id)) throw new ContentError(`${file}: parent: "${page.parent}" leads back to "${up.id}" (a cycle)`)
        seen.add(up.id)
      }
    }
    for (const { at, link } of linksOf(page)) {
      if (link.page === undefined) continue
      const target = byId.get(link.page)?.page
      if (!target) throw new ContentError(`${file}: ${at}.page: no page with id "${link.page}"`)
      const missing = languages.find((l) => existsIn(page, l.code) && !existsIn(target, l.code))
      if (missing) throw new ContentError(`${file}: ${at}.page: page "${link.page}" does not exist in ${missing.code}`)
    }
  }
  for (const menu of ['main', 'footer'] as const) {
    raw.navigation[menu].forEach((id, index) => {
      if (!byId.has(id)) throw new ContentError(`${raw.navigationFile}: ${menu}[${index}]: no page with id "${id}"`)
    })
  }
  return byId
}

// ------------------------------------------------------------------ the resolved graph the resolvers serve

export interface PageSummary {
  id: string
  title: string
  menuTitle: string
  link: string
}

export interface ImageValue {
  url: string
  alt: string
  width: number
  height: number
}

export interface CallToActionValue {
  title: string
  url: string
  external: boolean
}

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

export type ElementValue = ReturnType<typeof elementValue>

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

export interface SiteConfigValue {
  title: string
  tagline: string | null
  ogImage: ImageValue | null
  socialLinks: Array<{ platform: string; url: string }>
  locale: string
}

export interface EmbeddedContent {
  locations: LocationsFile['locations']
  /** iso locale → items, newest first */
  news: Map<string, NewsValue[]>
  /** iso locale → link → page */
  pages: Map<string, Map<string, PageValue>>
  /** iso locale → site data */
  site: Map<string, SiteConfigValue>
  /** iso locale → menus */
  navigation: Map<string, { main: MenuItemValue[]; footer: MenuItemValue[] }>
}

/** "" for nl (served without prefix), "/en" etc. for the others. */
const prefix = (locale: Locale) => (locale === 'nl' ? '' : `/${locale}`)

function imageValue(img: ContentImage, locale: Locale): ImageValue {
  return { url: img.src, alt: img.alt[locale], width: img.width, height: img.height }
}

/** Shared by element building; pages are looked up by id, references are already checked. */
interface LinkResolver {
  cta: (target: ContentLink, locale: Locale) => CallToActionValue
}

function elementValue(el: ContentElement, locale: Locale, links: LinkResolver) {
  const common = { id: el.id, title: el.title?.[locale] ?? null, showTitle: el.showTitle }
  switch (el.type) {
    case 'Hero':
      return {
        __typename: el.type,
        ...common,
        subtitle: el.subtitle?.[locale] ?? null,
        image: imageValue(el.image, locale),
        cta: el.cta ? links.cta(el.cta, locale) : null,
      }
    case 'Icons':
      return { __typename: el.type, ...common, items: el.items.map((i) => ({ icon: i.icon, title: i.title[locale], text: i.text?.[locale] ?? null })) }
    case 'Grid':
      return {
        __typename: el.type,
        ...common,
        intro: el.intro?.[locale] ?? null,
        columns: el.columns,
        items: el.items.map((item) => ({
          title: item.title[locale],
          text: item.text?.[locale] ?? null,
          image: item.image ? imageValue(item.image, locale) : null,
          brandLogo: item.brandLogo ?? null,
          link: item.link ? links.cta(item.link, locale) : null,
        })),
      }
    case 'MediaContent':
      return {
        __typename: el.type,
        ...common,
        content: el.content[locale],
        image: imageValue(el.image, locale),
        imagePosition: el.imagePosition,
        cta: el.cta ? links.cta(el.cta, locale) : null,
      }
    case 'TwoColumnContent':
      return { __typename: el.type, ...common, left: el.left[locale], right: el.right[locale] }
    case 'FullWidthMedia':
      return { __typename: el.type, ...common, image: imageValue(el.image, locale), caption: el.caption?.[locale] ?? null }
    case 'Link':
      return { __typename: el.type, ...common, text: el.text?.[locale] ?? null, link: links.cta(el.link, locale) }
    case 'Download':
      return {
        __typename: el.type,
        ...common,
        intro: el.intro?.[locale] ?? null,
        files: el.files.map((f) => ({
          title: f.title[locale],
          url: f.src,
          size: f.size,
          mimeType: f.mimeType,
          // The schema requires an extension on src, so this is never empty.
          extension: f.src.slice(f.src.lastIndexOf('.') + 1).toLowerCase(),
        })),
      }
    case 'ContactForm':
    case 'InteractiveMap':
      return { __typename: el.type, ...common, intro: el.intro?.[locale] ?? null }
  }
}

/** Turns validated files into the per-locale graph the resolvers serve (links, translations, breadcrumbs computed once). */
export function buildContent(raw: RawContent): EmbeddedContent {
  const byId = checkReferences(raw)
  const pageById = (id: string): PageFile => {
    const page = byId.get(id)?.page
    // checkReferences has vouched for every id used below.
    if (!page) throw new ContentError(`pages: no page with id "${id}"`)
    return page
  }
  /** From the home page down to the page's parent. */
  const ancestors = (page: PageFile): PageFile[] => (page.parent === undefined ? [] : [...ancestors(pageById(page.parent)), pageById(page.parent)])
  const linkOf = (page: PageFile, locale: Locale): string => {
    const segments = [...ancestors(page), page].map((p) => p.urlSegment[locale]).filter((s) => s !== '')
    // The home page is "/" in nl and "/en" (not "/en/") elsewhere: no trailing slashes (ADR 004).
    return `${prefix(locale)}/${segments.join('/')}`.replace(/(.)\/$/, '$1')
  }
  const summary = (page: PageFile, locale: Locale): PageSummary => ({
    id: page.id,
    title: page.title[locale],
    menuTitle: page.menuTitle?.[locale] ?? page.title[locale],
    link: linkOf(page, locale),
  })
  const links: LinkResolver = {
    cta: (target, locale) =>
      target.page !== undefined
        ? { title: target.title[locale], url: linkOf(pageById(target.page), locale), external: false }
        : { title: target.title[locale], url: (target.url ?? '').replace('{locale}', locale), external: true },
  }

  const content: EmbeddedContent = { locations: raw.locations, pages: new Map(), news: new Map(), site: new Map(), navigation: new Map() }
  const news = buildNews(raw.news)

  for (const language of languages) {
    const locale = language.code
    const pages = new Map<string, PageValue>()
    const fileOfLink = new Map<string, string>()
    for (const { file, page } of raw.pages) {
      if (!existsIn(page, locale)) continue
      const link = linkOf(page, locale)
      const other = fileOfLink.get(link)
      if (other) throw new ContentError(`${file}: urlSegment.${locale}: the link ${link} is also the link of ${other}`)
      fileOfLink.set(link, file)

      const parent = page.parent === undefined ? undefined : pageById(page.parent)
      const common: PageCommon = {
        ...summary(page, locale),
        urlSegment: page.urlSegment[locale],
        metaTitle: page.metaTitle?.[locale] ?? null,
        metaDescription: page.metaDescription?.[locale] ?? null,
        locale: language.iso,
        lastEdited: page.lastEdited,
        translations: languages
          .filter((other) => other.code !== locale && existsIn(page, other.code))
          .map((other) => ({ locale: other.iso, link: linkOf(page, other.code), title: page.title[other.code] })),
        // Ancestors exist in every language the page does (checked), so no filtering is needed.
        breadcrumbs: ancestors(page).map((p) => summary(p, locale)),
        parent: parent ? summary(parent, locale) : null,
        children: raw.pages
          .filter((e) => e.page.parent === page.id && existsIn(e.page, locale))
          .sort((a, b) => a.page.sort - b.page.sort || a.page.id.localeCompare(b.page.id))
          .map((e) => summary(e.page, locale)),
      }
      pages.set(link, pageValue(page, common, locale))
    }
    content.pages.set(language.iso, pages)

    content.site.set(language.iso, {
      title: raw.site.title[locale],
      tagline: raw.site.tagline?.[locale] ?? null,
      ogImage: raw.site.ogImage ? imageValue(raw.site.ogImage, locale) : null,
      socialLinks: raw.site.socialLinks,
      locale: language.iso,
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
    content.navigation.set(language.iso, { main: menu(raw.navigation.main), footer: menu(raw.navigation.footer) })
    content.news.set(language.iso, news.get(locale) ?? [])
  }
  return content

  function pageValue(page: PageFile, common: PageCommon, locale: Locale): PageValue {
    switch (page.type) {
      case 'Page':
        return {
          __typename: page.type,
          ...common,
          content: page.content?.[locale] ?? null,
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
          intro: page.intro?.[locale] ?? null,
          entries: page.entries.map((entry) => ({
            id: entry.id,
            year: entry.year,
            date: entry.date ?? null,
            title: entry.title[locale],
            text: entry.text[locale],
            image: entry.image ? imageValue(entry.image, locale) : null,
          })),
        }
      case 'NewsPage':
        return { __typename: page.type, ...common, intro: page.intro?.[locale] ?? null }
    }
  }
}

/** News per language, newest first; every listed language must have all texts and a unique slug. */
function buildNews(files: RawContent['news']): Map<Locale, NewsValue[]> {
  const byLocale = new Map<Locale, NewsValue[]>()
  const fileOfId = new Map<string, string>()
  for (const { file, item } of files) {
    const other = fileOfId.get(item.id)
    if (other) throw new ContentError(`${file}: id: "${item.id}" is also the id of ${other}`)
    fileOfId.set(item.id, file)
    const itemLanguages = languages.filter((l) => !item.languages || item.languages.includes(l.code))
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
    const missing = (field: string, locale: Locale) =>
      new ContentError(`${file}: ${field}.${locale}: missing, but the item is published in ${locale} (see languages)`)
    for (const language of itemLanguages) {
      const own = texts(language.code)
      const list = byLocale.get(language.code) ?? []
      if (list.some((other) => other.slug === own.slug)) {
        throw new ContentError(`${file}: slug.${language.code}: "${own.slug}" is used by another news item too`)
      }
      list.push({
        id: item.id,
        slug: own.slug,
        title: own.title,
        date: item.date,
        summary: own.summary,
        body: own.body,
        image: item.image ? { url: item.image.src, alt: own.alt, width: item.image.width, height: item.image.height } : null,
        locale: language.iso,
        translations: itemLanguages
          .filter((other) => other.code !== language.code)
          .map((other) => ({ locale: other.iso, slug: texts(other.code).slug })),
      })
      byLocale.set(language.code, list)
    }
  }
  for (const list of byLocale.values()) list.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id))
  return byLocale
}
