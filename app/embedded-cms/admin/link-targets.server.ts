import { languages, type Locale } from '../../../app.config'
import { newsPath } from '../../news/news-paths'
import type { EmbeddedContent, PageValue } from '../content/projection.server'
import { currentContent } from '../content-store.server'

/**
 * What the admin's link picker and page tree show (app/server/admin/links-script.ts, ADR 109):
 * the site's pages and news items with their addresses in one language, as the site's routing
 * built them (the page's `link`, the news item's `newsPath`), so a picked link is the same path
 * the rich-text link check follows when that page moves or goes (ADR 094).
 */

export interface PageTarget {
  id: string
  /** The kind of page (`Page`, `TimelinePage` …): its admin collection is `pages-<kind in lower case>`. */
  kind: string
  title: string
  /** The page's address in the language asked for; null when it does not exist in that language. */
  path: string | null
  /** 0 for the home page, 1 for its children … */
  depth: number
}

export interface NewsTarget {
  id: string
  title: string
  date: string
  path: string
}

export interface LinkTargets {
  /** Every page, in the site's tree order (parents before their children, siblings by their sort). */
  pages: PageTarget[]
  /** The news items in that language, newest first. */
  news: NewsTarget[]
}

/** A page's value per language, for pages in the order of the languages (`code` first). */
function pagesById(content: EmbeddedContent, order: readonly Locale[]): Map<string, Map<Locale, PageValue>> {
  const byId = new Map<string, Map<Locale, PageValue>>()
  for (const code of order) {
    const iso = languages.find((language) => language.code === code)?.iso ?? code
    for (const page of content.pages.get(iso)?.values() ?? []) {
      const values = byId.get(page.id) ?? new Map<Locale, PageValue>()
      values.set(code, page)
      byId.set(page.id, values)
    }
  }
  return byId
}

/** The pages and news of the content (drafts included: the admin lists them), addresses in language `code`. */
export function linkTargetsIn(content: EmbeddedContent, code: Locale): LinkTargets {
  const order: Locale[] = [code, ...languages.map((language) => language.code).filter((other) => other !== code)]
  const byId = pagesById(content, order)
  // A child is named by its link (unique across languages: each but Dutch has its prefix).
  const idAt = new Map([...byId].flatMap(([id, values]) => [...values.values()].map((page) => [page.link, id] as const)))
  // A page's children in every language it has, in the order of its first (each language's list is sorted).
  const childrenOf = (values: Map<Locale, PageValue>) => [
    ...new Set([...values.values()].flatMap((page) => page.children.map((child) => idAt.get(child.link)))),
  ]
  const pages: PageTarget[] = []
  const seen = new Set<string>()
  const visit = (id: string, depth: number) => {
    const values = byId.get(id)
    if (!values || seen.has(id)) return
    seen.add(id)
    const [first] = values.values()
    if (!first) return
    pages.push({ id, kind: first.__typename, title: first.title, path: values.get(code)?.link ?? null, depth })
    for (const child of childrenOf(values)) if (child !== undefined) visit(child, depth + 1)
  }
  for (const [id, values] of byId) if ([...values.values()].every((page) => page.parent === null)) visit(id, 0)
  // A page whose parent is missing (it cannot be, the content is checked) would still be listed.
  for (const id of byId.keys()) visit(id, 0)
  const iso = languages.find((language) => language.code === code)?.iso ?? code
  const news = (content.news.get(iso) ?? []).map((item) => ({
    id: item.id,
    title: item.title,
    date: item.date,
    path: newsPath(code, item.slug),
  }))
  return { pages, news }
}

/** linkTargetsIn over the content as the admin sees it (drafts included). */
export function linkTargets(code: Locale): LinkTargets {
  return linkTargetsIn(currentContent(true), code)
}
