/**
 * Content validation against small fixture folders: every problem must name
 * the file and the field, so an editor can fix it without reading code.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { graphql } from 'graphql'
import { afterAll, describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { reloadContent } from '../content-store.server'
import { getEmbeddedSchema } from '../schema.server'
import { ContentError } from './read'

const all = (text: string) => ({ nl: text, en: text, de: text, fr: text, da: text })

function page(id: string, fields: Record<string, unknown> = {}) {
  return { id, type: 'Page', parent: 'home', urlSegment: all(id), title: all(id), lastEdited: '2026-01-01T00:00:00Z', ...fields }
}

/** A small valid content folder; `files` replaces or adds files (objects become YAML, strings are written as is). */
function fixture(files: Record<string, unknown> = {}): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'cms-')), 'content')
  const base: Record<string, unknown> = {
    'site.yaml': { title: all('Site') },
    'navigation.yaml': { main: ['about'], footer: [] },
    'pages/home.yaml': { ...page('home'), parent: undefined, urlSegment: all('') },
    'pages/about.yaml': page('about', { elements: [{ type: 'ContactForm', id: 'form' }] }),
  }
  for (const [name, value] of Object.entries({ ...base, ...files })) {
    if (value === null) continue
    const path = join(dir, name)
    mkdirSync(join(path, '..'), { recursive: true })
    writeFileSync(path, typeof value === 'string' ? value : stringify(value))
  }
  return dir
}

function errorOf(dir: string): string {
  try {
    reloadContent(dir)
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError)
    return error instanceof Error ? error.message : String(error)
  }
  throw new Error('expected a ContentError')
}

// Tests here that load a valid fixture replace the served content; put the real content back.
afterAll(() => {
  reloadContent()
})

describe('content validation', () => {
  it('accepts the fixture (so every failure below is the one change)', () => {
    expect(() => reloadContent(fixture())).not.toThrow()
  })

  it('names file and field of a value of the wrong type', () => {
    const hero = { type: 'Hero', id: 'h', image: { src: '/media/x.webp', width: 'abc', height: 10, alt: all('x') } }
    const dir = fixture({ 'pages/about.yaml': page('about', { elements: [{ type: 'ContactForm', id: 'form' }, hero] }) })
    expect(errorOf(dir)).toBe('content/pages/about.yaml: elements[1].image.width: expected number, got "abc"')
  })

  it('names a missing translation', () => {
    const dir = fixture({ 'site.yaml': { title: { nl: 'Naam', en: 'Name', de: 'Name', fr: 'Nom' } } })
    expect(errorOf(dir)).toBe('content/site.yaml: title.da: missing')
  })

  it('names an unknown field (a typo would otherwise vanish)', () => {
    const dir = fixture({ 'pages/about.yaml': page('about', { metaDescripton: all('x') }) })
    expect(errorOf(dir)).toBe('content/pages/about.yaml: metaDescripton: unknown field (a typo?)')
  })

  it('names an unknown block type', () => {
    const dir = fixture({ 'pages/about.yaml': page('about', { elements: [{ type: 'Carousel', id: 'c' }] }) })
    expect(errorOf(dir)).toMatch(/^content\/pages\/about\.yaml: elements\[0\]\.type: expected \("Hero" \| .*, got "Carousel"$/)
  })

  it('explains a rule that was broken, with the value', () => {
    const dir = fixture({ 'pages/about.yaml': page('about', { urlSegment: { ...all('about'), de: 'Über uns' } }) })
    expect(errorOf(dir)).toBe(
      'content/pages/about.yaml: urlSegment.de: must be lowercase letters and digits joined by dashes, e.g. over-ons, got "Über uns"',
    )
  })

  it('wants a link to name either a page or a URL', () => {
    const link = { type: 'Link', id: 'l', link: { title: all('x') } }
    const dir = fixture({ 'pages/about.yaml': page('about', { elements: [link] }) })
    expect(errorOf(dir)).toBe('content/pages/about.yaml: elements[0].link: needs either page (a page id) or url (an external URL), not both')
  })

  it('lists at most five problems of a file', () => {
    // Seven problems: parent, sort, urlSegment, title, lastEdited, elements, unknown field.
    const dir = fixture({ 'pages/about.yaml': { id: 'about', type: 'Page', parent: 5, sort: 'x', elements: 'none', colour: 'red' } })
    const lines = errorOf(dir).split('\n')
    expect(lines).toHaveLength(6)
    expect(lines[0]).toBe('content/pages/about.yaml: parent: expected string, got 5')
    expect(lines[5]).toMatch(/^content\/pages\/about\.yaml: \.\.\. and \d+ more problems?$/)
  })

  it('names a file that is not valid YAML', () => {
    const dir = fixture({ 'pages/about.yaml': 'id: about\ntitle: [unclosed\n' })
    expect(errorOf(dir)).toMatch(/^content\/pages\/about\.yaml: not valid YAML: /)
  })

  it('names a missing required file', () => {
    const dir = fixture({ 'navigation.yaml': null })
    expect(errorOf(dir)).toBe('content/navigation.yaml: missing')
  })
})

describe('references between files', () => {
  it('names an unknown parent', () => {
    const dir = fixture({ 'pages/team.yaml': page('team', { parent: 'over-ons' }) })
    expect(errorOf(dir)).toBe('content/pages/team.yaml: parent: no page with id "over-ons"')
  })

  it('names a link to an unknown page, with the field path', () => {
    const grid = { type: 'Grid', id: 'g', items: [{ title: all('a') }, { title: all('b'), link: { page: 'nope', title: all('go') } }] }
    const dir = fixture({ 'pages/about.yaml': page('about', { elements: [grid] }) })
    expect(errorOf(dir)).toBe('content/pages/about.yaml: elements[0].items[1].link.page: no page with id "nope"')
  })

  it('names a redirect to an unknown page', () => {
    const redirect = { ...page('old'), type: 'RedirectorPage', redirectTo: { page: 'nope', title: all('x') } }
    const dir = fixture({ 'pages/old.yaml': redirect })
    expect(errorOf(dir)).toBe('content/pages/old.yaml: redirectTo.page: no page with id "nope"')
  })

  it('names a link to a page that does not exist in one of the languages', () => {
    const link = { type: 'Link', id: 'l', link: { page: 'dutch', title: all('x') } }
    const dir = fixture({
      'pages/dutch.yaml': page('dutch', { languages: ['nl'] }),
      'pages/about.yaml': page('about', { elements: [link] }),
    })
    expect(errorOf(dir)).toBe('content/pages/about.yaml: elements[0].link.page: page "dutch" does not exist in en')
  })

  it('names a page in a language its parent lacks', () => {
    const dir = fixture({ 'pages/about.yaml': page('about', { languages: ['nl', 'en'] }), 'pages/team.yaml': page('team', { parent: 'about' }) })
    expect(errorOf(dir)).toBe('content/pages/team.yaml: languages: the page exists in de, its parent "about" does not')
  })

  it('names two pages with the same link in one language', () => {
    const dir = fixture({ 'pages/team.yaml': page('team', { urlSegment: { ...all('team'), fr: 'about' } }) })
    expect(errorOf(dir)).toBe('content/pages/team.yaml: urlSegment.fr: the link /fr/about is also the link of content/pages/about.yaml')
  })

  it('names a duplicate page id', () => {
    const dir = fixture({ 'pages/copy.yaml': page('about', { urlSegment: all('copy') }) })
    expect(errorOf(dir)).toBe('content/pages/copy.yaml: id: "about" is also the id of content/pages/about.yaml')
  })

  it('names a parent cycle', () => {
    const dir = fixture({ 'pages/a.yaml': page('a', { parent: 'b' }), 'pages/b.yaml': page('b', { parent: 'a' }) })
    expect(errorOf(dir)).toMatch(/^content\/pages\/a\.yaml: parent: "b" leads back to "a" \(a cycle\)$/)
  })

  it('wants exactly one home page', () => {
    const dir = fixture({ 'pages/other.yaml': { ...page('other'), parent: undefined, urlSegment: all('other') } })
    expect(errorOf(dir)).toMatch(/exactly one page \(the home page\) must have no parent; without a parent: content\/pages\/home\.yaml, content\/pages\/other\.yaml/)
  })

  it('names an unknown page in a menu', () => {
    const dir = fixture({ 'navigation.yaml': { main: ['about', 'nope'], footer: [] } })
    expect(errorOf(dir)).toBe('content/navigation.yaml: main[1]: no page with id "nope"')
  })
})

describe('optional content', () => {
  it('serves empty news and locations when their files are absent', async () => {
    reloadContent(fixture())
    const result = await graphql({
      schema: getEmbeddedSchema(),
      source: `{ readNewsItems(locale: "en_US") { totalCount nodes { id } } readOneNewsItem(slug: "x", locale: "en_US") { id } readLocations(locale: "en_US") { id } }`,
    })
    expect(result.errors).toBeUndefined()
    expect(result.data).toEqual({ readNewsItems: { totalCount: 0, nodes: [] }, readOneNewsItem: null, readLocations: [] })
  })

  it('keeps serving the last good content when a reload fails', async () => {
    reloadContent(fixture())
    expect(() => reloadContent(fixture({ 'site.yaml': { title: all('') } }))).toThrow(ContentError)
    const result = await graphql({ schema: getEmbeddedSchema(), source: `{ readSiteConfig(locale: "nl_NL") { title } }` })
    expect(result.data).toEqual({ readSiteConfig: { title: 'Site' } })
  })
})
