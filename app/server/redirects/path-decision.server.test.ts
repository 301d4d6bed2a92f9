import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPathCodec } from '../../i18n/paths'
import { buildRenamedSegments, buildSegmentTable } from '../../i18n/segments'
import type { resolveNewsItem } from '../cms-client/news-item.server'
import { decidePath, redirectOf } from './path-decision.server'

type Lookup = ReturnType<typeof resolveNewsItem>
const missing = (): Lookup => Promise.resolve({ kind: 'missing' as const })
const lookups = vi.hoisted(() => ({ answer: (): Lookup => Promise.resolve({ kind: 'missing' as const }) }))
vi.mock(import('../cms-client/news-item.server'), () => ({
  resolveNewsItem: vi.fn(() => lookups.answer()),
}))

// English has its own news segment; the other languages keep the Dutch ones.
const table = buildSegmentTable({ nl: {}, en: { 'segment.news': 'news' }, de: {}, fr: {}, da: {} })
const codec = createPathCodec(table, buildRenamedSegments(table, {}))
const decided = (path: string) => decidePath(new URL(`http://localhost${path}`), codec)

beforeEach(() => {
  lookups.answer = missing
})

describe('decidePath: the one decision the middleware, page delivery and the 404 template ask', () => {
  it('routes a page, a news list and a news item in their own language', () => {
    for (const path of ['/over-ons', '/nieuws', '/nieuws/gratis-wintercheck', '/en/news'])
      expect(decided(path), path).toEqual({ kind: 'route' })
  })

  it('redirects what the path alone decides: /nl/x, /x/, another language’s news list', () => {
    expect(decided('/nl/over-ons')).toEqual({ kind: 'redirect', location: '/over-ons' })
    expect(decided('/over-ons/?utm_source=x')).toEqual({ kind: 'redirect', location: '/over-ons?utm_source=x' })
    expect(decided('/nl/nieuws')).toEqual({ kind: 'redirect', location: '/nieuws' })
    expect(decided('/de/news/')).toMatchObject({ kind: 'redirect' })
  })

  it('leaves a news item’s path to the CMS, with the path redirect it had otherwise', () => {
    expect(decided('/nl/nieuws/gratis-wintercheck')).toEqual({
      kind: 'news-item',
      locale: 'nl',
      slug: 'gratis-wintercheck',
      search: '',
      otherwise: '/nieuws/gratis-wintercheck',
    })
    expect(decided('/en/nieuws/gratis-wintercheck')).toMatchObject({ kind: 'news-item', locale: 'en', otherwise: null })
  })
})

describe('redirectOf: the middleware’s answer', () => {
  it('sends another language’s slug to the item in this language, in one hop', async () => {
    lookups.answer = () => Promise.resolve({ kind: 'moved' as const, slug: 'free-winter-check' })
    expect(await redirectOf(new URL('http://localhost/en/nieuws/gratis-wintercheck?x=1'), codec)).toBe('/en/news/free-winter-check?x=1')
  })

  it('keeps the path redirect when the CMS cannot be asked, and lets the route answer otherwise', async () => {
    lookups.answer = () => Promise.reject(new Error('CMS down'))
    expect(await redirectOf(new URL('http://localhost/nl/nieuws/gratis-wintercheck'), codec)).toBe('/nieuws/gratis-wintercheck')
    await expect(redirectOf(new URL('http://localhost/en/nieuws/gratis-wintercheck'), codec)).rejects.toThrow('CMS down')
  })

  it('answers a slug no item has with the path redirect alone (or none)', async () => {
    expect(await redirectOf(new URL('http://localhost/nl/nieuws/onbekend'), codec)).toBe('/nieuws/onbekend')
    expect(await redirectOf(new URL('http://localhost/en/nieuws/onbekend'), codec)).toBeNull()
    expect(await redirectOf(new URL('http://localhost/over-ons'), codec)).toBeNull()
  })
})
