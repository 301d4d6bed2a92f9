import { describe, expect, it } from 'vitest'
import { buildContent } from '../content/projection.server'
import { readContent } from '../content/read'
import { siteAddresses } from '../content/rich-text-links'
import { linkTargetsIn } from './link-targets.server'

const content = buildContent(readContent('content'), { drafts: true })

describe('what the link picker and the page tree show (ADR 109)', () => {
  it('lists the pages as the site’s tree: parents first, children by their sort, with their depth', () => {
    const { pages } = linkTargetsIn(content, 'nl')
    expect(pages.map(({ id, depth }) => `${'  '.repeat(depth)}${id}`)).toEqual([
      'home',
      '  about',
      '    mission',
      '    history',
      '    csr',
      '    sponsoring',
      '  locations',
      '  contact',
      '  careers',
      '  cookie-policy',
      '  privacy',
      '  terms',
    ])
    expect(pages.find((page) => page.id === 'history')?.kind).toBe('TimelinePage')
  })

  it('gives each page and news item its address in the language edited', () => {
    const english = linkTargetsIn(content, 'en')
    expect(english.pages.find((page) => page.id === 'mission')).toMatchObject({
      title: 'Mission and vision',
      path: '/en/about-us/mission-and-vision',
    })
    expect(english.news.every((item) => item.path.startsWith('/en/'))).toBe(true)
  })

  it('gives addresses the rich-text link check follows: a picked link is mended or reported when its page moves', () => {
    const addresses = siteAddresses(content)
    for (const { code } of [{ code: 'nl' }, { code: 'en' }, { code: 'de' }, { code: 'fr' }, { code: 'da' }] as const) {
      const { pages, news } = linkTargetsIn(content, code)
      for (const page of pages) if (page.path !== null) expect(addresses.pageAt(page.path)?.id, page.path).toBe(page.id)
      for (const item of news) expect(addresses.has(item.path), item.path).toBe(true)
    }
  })
})
