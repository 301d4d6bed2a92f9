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

/** A content file failed validation; the message names the file and the field. */
export class ContentError extends Error {
  override name = 'ContentError'
}

function readYaml(path: string, root: string): unknown {
  try {
    return parseYaml(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ContentError(`${relative(root, path)}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`)
  }
}

function validate<TSchema extends v.GenericSchema>(schema: TSchema, data: unknown, file: string): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  const problems = result.issues.slice(0, 5).map((issue) => {
    const path = v.getDotPath(issue) ?? '(file)'
    return `${file}: ${path}: ${issue.message}`
  })
  throw new ContentError(problems.join('\n'))
}

export interface RawContent {
  locations: LocationsFile['locations']
  pages: Array<{ file: string; page: PageFile }>
  news: Array<{ file: string; item: NewsFile }>
  site: SiteFile
  navigation: NavigationFile
}

/** Reads and validates every content file under `dir`. */
export function readContent(dir: string): RawContent {
  const root = join(dir, '..')
  const file = (name: string) => relative(root, join(dir, name))
  for (const required of ['site.yaml', 'navigation.yaml', 'pages']) {
    if (!existsSync(join(dir, required))) throw new ContentError(`${file(required)}: missing`)
  }
  const pages = readdirSync(join(dir, 'pages'))
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => {
      const path = join(dir, 'pages', name)
      return { file: relative(root, path), page: validate(pageFileSchema, readYaml(path, root), relative(root, path)) }
    })
  const newsDir = join(dir, 'news')
  const news = existsSync(newsDir)
    ? readdirSync(newsDir)
        .filter((name) => name.endsWith('.yaml'))
        .sort()
        .map((name) => {
          const path = join(newsDir, name)
          return { file: relative(root, path), item: validate(newsFileSchema, readYaml(path, root), relative(root, path)) }
        })
    : []
  const locationsFile = join(dir, 'locations.yaml')
  const locations = existsSync(locationsFile)
    ? validate(locationsFileSchema, readYaml(locationsFile, root), file('locations.yaml')).locations
    : []
  const ids = new Set<string>()
  for (const [index, location] of locations.entries()) {
    if (ids.has(location.id)) throw new ContentError(`${file('locations.yaml')}: locations[${index}].id: "${location.id}" is used twice`)
    ids.add(location.id)
  }
  return {
    locations,
    pages,
    news,
    site: validate(siteFileSchema, readYaml(join(dir, 'site.yaml'), root), file('site.yaml')),
    navigation: validate(navigationFileSchema, readYaml(join(dir, 'navigation.yaml'), root), file('navigation.yaml')),
  }
}

// ------------------------------------------------------------------ the resolved graph

export interface PageSummary {
  id: string
  title: string
  menuTitle: string
  link: string
}

interface ImageValue {
  url: string
  alt: string
  width: number
  height: number
}

interface CallToActionValue {
  title: string
  url: string
  external: boolean
}

export interface PageValue extends PageSummary {
  __typename: PageFile['type']
  urlSegment: string
  metaTitle: string | null
  metaDescription: string | null
  locale: string
  lastEdited: string
  translations: Array<{ locale: string; link: string; title: string }>
  breadcrumbs: PageSummary[]
  parent: PageSummary | null
  children: PageSummary[]
  [field: string]: unknown
}

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

export interface EmbeddedContent {
  locations: LocationsFile['locations']
  /** iso locale → items, newest first */
  news: Map<string, NewsValue[]>
  /** iso locale → link → page */
  pages: Map<string, Map<string, PageValue>>
  site: Map<string, { title: string; tagline: string | null; ogImage: ImageValue | null; socialLinks: Array<{ platform: string; url: string }>; locale: string }>
  navigation: Map<string, { main: MenuItemValue[]; footer: MenuItemValue[] }>
}

interface MenuItemValue {
  title: string
  link: string
  children: MenuItemValue[]
}

const prefix = (locale: Locale) => (locale === 'nl' ? '' : `/${locale}`)

/** Turns validated files into the graph the resolvers serve; checks references. */
export function buildContent(raw: RawContent): EmbeddedContent {
  const byId = new Map<string, { file: string; page: PageFile }>()
  for (const entry of raw.pages) {
    if (byId.has(entry.page.id)) throw new ContentError(`${entry.file}: id: "${entry.page.id}" is used by another page too`)
    byId.set(entry.page.id, entry)
  }
  const homes = raw.pages.filter((entry) => !entry.page.parent)
  if (homes.length !== 1) throw new ContentError(`content/pages: exactly one page must have no parent (the home page), found ${homes.length}`)
  for (const { file, page } of raw.pages) {
    if (page.parent && !byId.has(page.parent)) throw new ContentError(`${file}: parent: no page with id "${page.parent}"`)
  }

  const existsIn = (page: PageFile, locale: Locale) => !page.languages || page.languages.includes(locale)
  const ancestors = (page: PageFile): PageFile[] => {
    const chain: PageFile[] = []
    const seen = new Set<string>([page.id])
    let parentId = page.parent
    while (parentId) {
      const parent = byId.get(parentId)?.page
      if (!parent || seen.has(parent.id)) throw new ContentError(`content/pages: parent cycle at "${page.id}"`)
      seen.add(parent.id)
      chain.unshift(parent)
      parentId = parent.parent
    }
    return chain
  }
  const linkOf = (page: PageFile, locale: Locale): string => {
    const segments = [...ancestors(page), page].map((p) => p.urlSegment[locale]).filter((s) => s !== '')
    const path = `${prefix(locale)}/${segments.join('/')}`
    return path.length > 1 ? path.replace(/\/$/, '') : '/'
  }
  const summary = (page: PageFile, locale: Locale): PageSummary => ({
    id: page.id,
    title: page.title[locale],
    menuTitle: page.menuTitle?.[locale] ?? page.title[locale],
    link: linkOf(page, locale),
  })
  const resolveLink = (target: ContentLink, locale: Locale, file: string): CallToActionValue => {
    if ('url' in target) return { title: target.title[locale], url: target.url.replace('{locale}', locale), external: true }
    const page = byId.get(target.page)?.page
    if (!page) throw new ContentError(`${file}: link to unknown page "${target.page}"`)
    return { title: target.title[locale], url: linkOf(page, locale), external: false }
  }
  const imageValue = (img: ContentImage, locale: Locale): ImageValue => ({
    url: img.src,
    alt: img.alt[locale],
    width: img.width,
    height: img.height,
  })
  const element = (el: ContentElement, locale: Locale, file: string) => {
    const common = { __typename: el.type, id: el.id, title: el.title?.[locale] ?? null, showTitle: el.showTitle }
    switch (el.type) {
      case 'Hero':
        return { ...common, subtitle: el.subtitle?.[locale] ?? null, image: imageValue(el.image, locale), cta: el.cta ? resolveLink(el.cta, locale, file) : null }
      case 'Icons':
        return { ...common, items: el.items.map((i) => ({ icon: i.icon, title: i.title[locale], text: i.text?.[locale] ?? null })) }
      case 'Grid':
        return {
          ...common,
          intro: el.intro?.[locale] ?? null,
          columns: el.columns,
          items: el.items.map((item) => ({
            title: item.title[locale],
            text: item.text?.[locale] ?? null,
            image: item.image ? imageValue(item.image, locale) : null,
            brandLogo: item.brandLogo ?? null,
            link: item.link ? resolveLink(item.link, locale, file) : null,
          })),
        }
      case 'MediaContent':
        return { ...common, content: el.content[locale], image: imageValue(el.image, locale), imagePosition: el.imagePosition, cta: el.cta ? resolveLink(el.cta, locale, file) : null }
      case 'TwoColumnContent':
        return { ...common, left: el.left[locale], right: el.right[locale] }
      case 'FullWidthMedia':
        return { ...common, image: imageValue(el.image, locale), caption: el.caption?.[locale] ?? null }
      case 'Link':
        return { ...common, text: el.text?.[locale] ?? null, link: resolveLink(el.link, locale, file) }
      case 'Download':
        return {
          ...common,
          intro: el.intro?.[locale] ?? null,
          files: el.files.map((f) => ({
            title: f.title[locale],
            url: f.src,
            size: f.size,
            mimeType: f.mimeType,
            extension: f.src.split('.').pop()?.toLowerCase() ?? '',
          })),
        }
      case 'ContactForm':
      case 'InteractiveMap':
        return { ...common, intro: el.intro?.[locale] ?? null }
    }
  }

  const content: EmbeddedContent = { locations: raw.locations, pages: new Map(), news: new Map(), site: new Map(), navigation: new Map() }
  const news = buildNews(raw.news)
  for (const language of languages) content.news.set(language.iso, news.get(language.code) ?? [])
  for (const language of languages) {
    const locale = language.code
    const pages = new Map<string, PageValue>()
    for (const { file, page } of raw.pages) {
      if (!existsIn(page, locale)) continue
      const link = linkOf(page, locale)
      if (pages.has(link)) throw new ContentError(`${file}: urlSegment.${locale}: the link ${link} is used by another page too`)
      const chain = ancestors(page).filter((p) => existsIn(p, locale))
      const parent = page.parent ? byId.get(page.parent)?.page : undefined
      const children = raw.pages
        .filter((e) => e.page.parent === page.id && existsIn(e.page, locale))
        .sort((a, b) => a.page.sort - b.page.sort)
        .map((e) => summary(e.page, locale))
      const common: PageValue = {
        __typename: page.type,
        ...summary(page, locale),
        urlSegment: page.urlSegment[locale],
        metaTitle: page.metaTitle?.[locale] ?? null,
        metaDescription: page.metaDescription?.[locale] ?? null,
        locale: language.iso,
        lastEdited: page.lastEdited,
        translations: languages
          .filter((other) => other.code !== locale && existsIn(page, other.code))
          .map((other) => ({ locale: other.iso, link: linkOf(page, other.code), title: page.title[other.code] })),
        breadcrumbs: chain.map((p) => summary(p, locale)),
        parent: parent && existsIn(parent, locale) ? summary(parent, locale) : null,
        children,
      }
      switch (page.type) {
        case 'Page':
          common.content = page.content?.[locale] ?? null
          common.elementalArea = { elements: page.elements.map((el) => element(el, locale, file)) }
          break
        case 'RedirectorPage': {
          const target = resolveLink(page.redirectTo, locale, file)
          common.redirectionType = target.external ? 'External' : 'Internal'
          common.redirectCode = page.redirectCode
          common.externalUrl = target.external ? target.url : null
          const internal = !target.external && 'page' in page.redirectTo ? byId.get(page.redirectTo.page)?.page : undefined
          common.linkTo = internal ? summary(internal, locale) : null
          break
        }
        case 'TimelinePage':
          common.intro = page.intro?.[locale] ?? null
          common.entries = page.entries.map((entry) => ({
            id: entry.id,
            year: entry.year,
            date: entry.date ?? null,
            title: entry.title[locale],
            text: entry.text[locale],
            image: entry.image ? imageValue(entry.image, locale) : null,
          }))
          break
        case 'NewsPage':
          common.intro = page.intro?.[locale] ?? null
          break
      }
      pages.set(link, common)
    }
    content.pages.set(language.iso, pages)

    const { site } = raw
    content.site.set(language.iso, {
      title: site.title[locale],
      tagline: site.tagline?.[locale] ?? null,
      ogImage: site.ogImage ? imageValue(site.ogImage, locale) : null,
      socialLinks: site.socialLinks,
      locale: language.iso,
    })

    const menu = (ids: string[], field: string): MenuItemValue[] =>
      ids.flatMap((id, index) => {
        const page = byId.get(id)?.page
        if (!page) throw new ContentError(`content/navigation.yaml: ${field}[${index}]: no page with id "${id}"`)
        if (!existsIn(page, locale)) return []
        const s = summary(page, locale)
        return [{ title: s.menuTitle, link: s.link, children: [] }]
      })
    content.navigation.set(language.iso, { main: menu(raw.navigation.main, 'main'), footer: menu(raw.navigation.footer, 'footer') })
  }
  return content
}

/** News per language, newest first; every listed language must have all texts and a unique slug. */
function buildNews(files: RawContent['news']): Map<Locale, NewsValue[]> {
  const byLocale = new Map<Locale, NewsValue[]>()
  const ids = new Set<string>()
  for (const { file, item } of files) {
    if (ids.has(item.id)) throw new ContentError(`${file}: id: "${item.id}" is used by another news item too`)
    ids.add(item.id)
    const itemLanguages = languages.filter((l) => !item.languages || item.languages.includes(l.code))
    const texts = (locale: Locale) => {
      const slug = item.slug[locale]
      const title = item.title[locale]
      const summary = item.summary[locale]
      const body = item.body[locale]
      const alt = item.image ? item.image.alt[locale] : ''
      const missing = [
        ['slug', slug],
        ['title', title],
        ['summary', summary],
        ['body', body],
        ['image.alt', alt],
      ].find(([, value]) => value === undefined)
      if (missing) throw new ContentError(`${file}: ${missing[0]}.${locale}: missing, but the item is published in ${locale}`)
      return { slug: slug ?? '', title: title ?? '', summary: summary ?? '', body: body ?? '', alt: alt ?? '' }
    }
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
