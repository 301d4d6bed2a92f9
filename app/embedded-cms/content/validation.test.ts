/**
 * Content validation against small fixture folders: every problem must name
 * the file and the field, so an editor can fix it without reading code.
 */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { graphql } from 'graphql'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { localeCodes } from '../../../app.config'
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
    expect(errorOf(dir)).toBe('content/pages/about.yaml:24:7: elements[1].image.width: expected number, got "abc"')
  })

  it('names a missing translation', () => {
    const dir = fixture({ 'site.yaml': { title: { nl: 'Naam', en: 'Name', de: 'Name', fr: 'Nom' } } })
    expect(errorOf(dir)).toBe('content/site.yaml:1:1: title.da: missing')
  })

  it('names an unknown field (a typo would otherwise vanish)', () => {
    const dir = fixture({ 'pages/about.yaml': page('about', { metaDescripton: all('x') }) })
    expect(errorOf(dir)).toBe('content/pages/about.yaml:17:1: metaDescripton: unknown field (a typo?)')
  })

  it('names an unknown block type', () => {
    const dir = fixture({ 'pages/about.yaml': page('about', { elements: [{ type: 'Carousel', id: 'c' }] }) })
    expect(errorOf(dir)).toMatch(/^content\/pages\/about\.yaml:18:5: elements\[0\]\.type: expected \(.*"Hero".*\), got "Carousel"$/)
  })

  it('explains a rule that was broken, with the value', () => {
    const dir = fixture({ 'pages/about.yaml': page('about', { urlSegment: { ...all('about'), de: 'Über uns' } }) })
    expect(errorOf(dir)).toBe(
      'content/pages/about.yaml:7:3: urlSegment.de: must be lowercase letters and digits joined by dashes, e.g. over-ons, got "Über uns"',
    )
  })

  it('wants a link to name either a page or a URL', () => {
    const link = { type: 'Link', id: 'l', link: { title: all('x') } }
    const dir = fixture({ 'pages/about.yaml': page('about', { elements: [link] }) })
    expect(errorOf(dir)).toBe('content/pages/about.yaml:20:5: elements[0].link: needs either page (a page id) or url (an external URL), not both')
  })

  it('lists at most five problems of a file', () => {
    // Seven problems: parent, sort, urlSegment, title, lastEdited, elements, unknown field.
    const dir = fixture({ 'pages/about.yaml': { id: 'about', type: 'Page', parent: 5, sort: 'x', elements: 'none', colour: 'red' } })
    const lines = errorOf(dir).split('\n')
    expect(lines).toHaveLength(6)
    expect(lines[0]).toBe('content/pages/about.yaml:3:1: parent: expected string, got 5')
    expect(lines[5]).toMatch(/^content\/pages\/about\.yaml: \.\.\. and \d+ more problems?$/)
  })

  it('names a file that is not valid YAML', () => {
    const dir = fixture({ 'pages/about.yaml': 'id: about\ntitle: [unclosed\n' })
    expect(errorOf(dir)).toMatch(/^content\/pages\/about\.yaml:3:1: not valid YAML: /)
  })

  it('reads no hidden file: an editor’s temporary copy or lock file is not a page', () => {
    const broken = 'id: about\ntitle: [unclosed\n'
    expect(() => reloadContent(fixture({ 'pages/.about.yaml': broken, 'news/.#item.yaml': broken }))).not.toThrow()
  })

  it('names a missing required file', () => {
    const dir = fixture({ 'navigation.yaml': null })
    expect(errorOf(dir)).toBe('content/navigation.yaml: missing')
  })
})

describe('lines and columns', () => {
  it('names the line and column of the field, from the YAML as written', () => {
    const about = [
      'id: about',
      'type: Page',
      'parent: home',
      'urlSegment: { nl: about, en: about, de: about, fr: about, da: about }',
      'title: { nl: a, en: a, de: a, fr: a, da: a }',
      'lastEdited: 2026-01-01T00:00:00Z',
      'elements:',
      '  - type: ContactForm',
      '    id: form',
      '  - type: FullWidthMedia',
      '    id: picture',
      '    image:',
      '      src: /media/x.webp',
      '      width: abc',
      '      height: 10',
      '      alt: { nl: a, en: a, de: a, fr: a }',
      '',
    ].join('\n')
    expect(errorOf(fixture({ 'pages/about.yaml': about })).split('\n')).toEqual([
      'content/pages/about.yaml:14:7: elements[1].image.width: expected number, got "abc"',
      // A missing field: where the object it belongs in starts.
      'content/pages/about.yaml:16:7: elements[1].image.alt.da: missing',
    ])
  })

  it('names the line in a file the last read parsed already, and sees a file changed since', () => {
    const dir = fixture({ 'pages/team.yaml': page('team', { parent: 'about' }) })
    expect(() => reloadContent(dir)).not.toThrow()
    // team.yaml is as it was (reused from the last read); the page it names is gone.
    writeFileSync(join(dir, 'pages/about.yaml'), stringify(page('over-ons', { elements: [{ type: 'ContactForm', id: 'form' }] })))
    expect(errorOf(dir)).toBe('content/pages/team.yaml:3:1: parent: no page with id "about"')
  })

  it('names the line and column of a YAML syntax error', () => {
    expect(errorOf(fixture({ 'pages/about.yaml': 'id: about\ntitle: [unclosed\n' }))).toMatch(/^content\/pages\/about\.yaml:3:1: not valid YAML: /)
  })
})

describe('links another route answers', () => {
  it.each([
    ['nl', 'nieuws', '/nieuws is the news list'],
    ['en', 'news', '/en/news is the news list'],
    ['nl', 'api', '"api" is reserved for the server (/api)'],
    ['de', 'graphql', '"graphql" is reserved for the server (/graphql)'],
    ['nl', 'media', '"media" is reserved for the server (/media)'],
    ['nl', 'en', '"en" is the language code of English (/en)'],
    ['fr', 'healthz', '"healthz" is reserved for the server (/healthz)'],
    ['nl', 'admin', '"admin" is reserved for the server (/admin)'],
  ] as const)('refuses a top-level page at %s "%s"', (locale, segment, reason) => {
    const dir = fixture({ 'pages/about.yaml': page('about', { urlSegment: { ...all('about'), [locale]: segment } }) })
    // urlSegment's entries start on line 5, one a line in the order nl, en, de, fr, da.
    const line = 5 + localeCodes.indexOf(locale)
    expect(errorOf(dir)).toBe(`content/pages/about.yaml:${line}:3: urlSegment.${locale}: ${reason}, so this page would never be shown`)
  })

  it('refuses a link the old site redirects from', () => {
    const dir = fixture({ 'pages/about.yaml': page('about', { urlSegment: { ...all('about'), nl: 'financieel' } }) })
    expect(errorOf(dir)).toMatch(/^content\/pages\/about\.yaml:5:3: urlSegment\.nl: \/financieel redirects to a page of the old site's/)
  })

  it('accepts those words below the top level, and another language\'s news segment', async () => {
    const dir = fixture({
      'pages/api.yaml': page('api', { parent: 'about', urlSegment: all('api') }),
      'pages/news.yaml': page('news', { urlSegment: { ...all('nieuws'), nl: 'actueel' } }),
    })
    reloadContent(dir)
    const result = await graphql({
      schema: getEmbeddedSchema(),
      source: `{ a: readOnePage(link: "/about/api", locale: "nl_NL") { id } b: readOnePage(link: "/en/nieuws", locale: "en_US") { id } }`,
    })
    expect(result.data).toEqual({ a: { id: 'api' }, b: { id: 'news' } })
  })
})

describe('references between files', () => {
  it('names an unknown parent', () => {
    const dir = fixture({ 'pages/team.yaml': page('team', { parent: 'over-ons' }) })
    expect(errorOf(dir)).toBe('content/pages/team.yaml:3:1: parent: no page with id "over-ons"')
  })

  it('names a link to an unknown page, with the field path', () => {
    const grid = { type: 'Grid', id: 'g', items: [{ title: all('a') }, { title: all('b'), link: { page: 'nope', title: all('go') } }] }
    const dir = fixture({ 'pages/about.yaml': page('about', { elements: [grid] }) })
    expect(errorOf(dir)).toBe('content/pages/about.yaml:34:11: elements[0].items[1].link.page: no page with id "nope"')
  })

  it('names a redirect to an unknown page', () => {
    const redirect = { ...page('old'), type: 'RedirectorPage', redirectTo: { page: 'nope', title: all('x') } }
    const dir = fixture({ 'pages/old.yaml': redirect })
    expect(errorOf(dir)).toBe('content/pages/old.yaml:18:3: redirectTo.page: no page with id "nope"')
  })

  it('names a link to a page that does not exist in one of the languages', () => {
    const link = { type: 'Link', id: 'l', link: { page: 'dutch', title: all('x') } }
    const dir = fixture({
      'pages/dutch.yaml': page('dutch', { languages: ['nl'] }),
      'pages/about.yaml': page('about', { elements: [link] }),
    })
    expect(errorOf(dir)).toBe('content/pages/about.yaml:21:7: elements[0].link.page: page "dutch" does not exist in en')
  })

  it('names a page in a language its parent lacks', () => {
    const dir = fixture({ 'pages/about.yaml': page('about', { languages: ['nl', 'en'] }), 'pages/team.yaml': page('team', { parent: 'about' }) })
    expect(errorOf(dir)).toBe('content/pages/team.yaml:1:1: languages: the page exists in de, its parent "about" does not')
  })

  it('names two pages with the same link in one language', () => {
    const dir = fixture({ 'pages/team.yaml': page('team', { urlSegment: { ...all('team'), fr: 'about' } }) })
    expect(errorOf(dir)).toBe('content/pages/team.yaml:8:3: urlSegment.fr: the link /fr/about is also the link of content/pages/about.yaml')
  })

  it('names a duplicate page id', () => {
    const dir = fixture({ 'pages/copy.yaml': page('about', { urlSegment: all('copy') }) })
    expect(errorOf(dir)).toBe('content/pages/copy.yaml:1:1: id: "about" is also the id of content/pages/about.yaml')
  })

  it('names a parent cycle', () => {
    const dir = fixture({ 'pages/a.yaml': page('a', { parent: 'b' }), 'pages/b.yaml': page('b', { parent: 'a' }) })
    expect(errorOf(dir)).toMatch(/^content\/pages\/a\.yaml:3:1: parent: "b" leads back to "a" \(a cycle\)$/)
  })

  it('wants exactly one home page', () => {
    const dir = fixture({ 'pages/other.yaml': { ...page('other'), parent: undefined, urlSegment: all('other') } })
    expect(errorOf(dir)).toMatch(/exactly one page \(the home page\) must have no parent; without a parent: content\/pages\/home\.yaml, content\/pages\/other\.yaml/)
  })

  it('names an unknown page in a menu', () => {
    const dir = fixture({ 'navigation.yaml': { main: ['about', 'nope'], footer: [] } })
    expect(errorOf(dir)).toBe('content/navigation.yaml:3:5: main[1]: no page with id "nope"')
  })

  it('names an unknown locations page', () => {
    const dir = fixture({ 'navigation.yaml': { main: [], footer: [], locations: 'nope' } })
    expect(errorOf(dir)).toMatch(/^content\/navigation\.yaml:\d+:\d+: locations: no page with id "nope"$/)
  })
})

describe('pages in some languages', () => {
  const dutchOnly = page('alleen-nl', {
    languages: ['nl'],
    urlSegment: { nl: 'alleen-nl' },
    title: { nl: 'Alleen Nederlands' },
    elements: [{ type: 'Link', id: 'l', link: { page: 'about', title: { nl: 'Over ons' } } }],
  })

  it('needs texts only in the languages a page lists', async () => {
    reloadContent(fixture({ 'pages/alleen-nl.yaml': dutchOnly }))
    const result = await graphql({
      schema: getEmbeddedSchema(),
      source: `{
        nl: readOnePage(link: "/alleen-nl", locale: "nl_NL") { title translations { locale } }
        en: readOnePage(link: "/en/alleen-nl", locale: "en_US") { title }
        about: readOnePage(link: "/en/about", locale: "en_US") { title translations { locale link } }
      }`,
    })
    expect(result.errors).toBeUndefined()
    expect(result.data).toEqual({
      nl: { title: 'Alleen Nederlands', translations: [] },
      en: null,
      about: { title: 'about', translations: ['nl_NL', 'de_DE', 'fr_FR', 'da_DK'].map((locale) => ({ locale, link: expect.any(String) })) },
    })
  })

  it('still names a text missing in a listed language', () => {
    const dir = fixture({ 'pages/alleen-nl.yaml': { ...dutchOnly, languages: ['nl', 'en'] } })
    expect(errorOf(dir)).toBe(
      ['content/pages/alleen-nl.yaml:4:1: urlSegment.en: missing', 'content/pages/alleen-nl.yaml:6:1: title.en: missing', 'content/pages/alleen-nl.yaml:17:7: elements[0].link.title.en: missing'].join('\n'),
    )
  })

  it('wants at least one language in the list', () => {
    const dir = fixture({ 'pages/alleen-nl.yaml': { ...dutchOnly, languages: [] } })
    expect(errorOf(dir)).toMatch(/^content\/pages\/alleen-nl\.yaml:9:1: languages: must name at least one language, got \[\]/)
  })
})

describe('sizes and dates read from the files', () => {
  const picture = (image: Record<string, unknown>) => ({ type: 'FullWidthMedia', id: 'p', image: { alt: all('x'), ...image } })
  const withPicture = async (dir: string) => {
    await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toFile(join(dir, 'media', 'pic.png'))
    return dir
  }
  const imageOfAbout = async () => {
    const result = await graphql({
      schema: getEmbeddedSchema(),
      source: `{ readOnePage(link: "/about", locale: "nl_NL") { lastEdited ... on Page { elementalArea { elements { ... on FullWidthMedia { image { url width height } } } } } } }`,
    })
    expect(result.errors).toBeUndefined()
    return result.data
  }

  it('reads width and height from the image file when the content leaves them out', async () => {
    const dir = await withPicture(fixture({ 'media/.keep': '', 'pages/about.yaml': page('about', { elements: [picture({ src: '/media/pic.png' })] }) }))
    reloadContent(dir)
    expect(await imageOfAbout()).toMatchObject({ readOnePage: { elementalArea: { elements: [{ image: { url: '/media/pic.png', width: 30, height: 20 } }] } } })
  })

  it('keeps a width or height the content gives', async () => {
    const dir = await withPicture(fixture({ 'media/.keep': '', 'pages/about.yaml': page('about', { elements: [picture({ src: '/media/pic.png', width: 60 })] }) }))
    reloadContent(dir)
    expect(await imageOfAbout()).toMatchObject({ readOnePage: { elementalArea: { elements: [{ image: { width: 60, height: 20 } }] } } })
  })

  it('names an image whose file is missing at its src', () => {
    const dir = fixture({ 'pages/about.yaml': page('about', { elements: [picture({ src: '/media/nope.webp' })] }) })
    expect(errorOf(dir)).toMatch(/^content\/pages\/about\.yaml:\d+:\d+: elements\[0\]\.image\.src: no image \/media\/nope\.webp in the content folder's media\/ or in public\//)
  })

  it('takes lastEdited from the file when the content leaves it out', async () => {
    const dir = fixture({ 'pages/about.yaml': page('about', { lastEdited: undefined }) })
    const modified = new Date('2026-03-04T05:06:07Z')
    utimesSync(join(dir, 'pages/about.yaml'), modified, modified)
    reloadContent(dir)
    expect(await imageOfAbout()).toMatchObject({ readOnePage: { lastEdited: '2026-03-04T05:06:07.000Z' } })
  })
})

describe('drafts', () => {
  const dir = () =>
    fixture({
      'pages/draft.yaml': page('draft', { draft: true }),
      'pages/below.yaml': page('below', { parent: 'draft' }),
      'navigation.yaml': { main: ['about', 'draft'], footer: [] },
    })
  const ask = async (preview: boolean) => {
    const result = await graphql({
      schema: getEmbeddedSchema(),
      source: `{ draft: readOnePage(link: "/draft", locale: "nl_NL") { id } below: readOnePage(link: "/draft/below", locale: "nl_NL") { id } readNavigation(locale: "nl_NL") { main { link } } readPages(locale: "nl_NL") { id } }`,
      contextValue: { preview },
    })
    expect(result.errors).toBeUndefined()
    return result.data
  }

  it('are not suggested as the locations page, except in preview', async () => {
    reloadContent(fixture({ 'pages/draft.yaml': page('draft', { draft: true }), 'navigation.yaml': { main: [], footer: [], locations: 'draft' } }))
    const locations = async (preview: boolean) => {
      const result = await graphql({
        schema: getEmbeddedSchema(),
        source: `{ readNavigation(locale: "en_US") { locations { title link } } }`,
        contextValue: { preview },
      })
      expect(result.errors).toBeUndefined()
      return result.data
    }
    expect(await locations(false)).toEqual({ readNavigation: { locations: null } })
    expect(await locations(true)).toEqual({ readNavigation: { locations: { title: 'draft', link: '/en/draft' } } })
  })

  it('are served in preview only, with the pages below them; menus and page lists skip them', async () => {
    reloadContent(dir())
    expect(await ask(false)).toEqual({ draft: null, below: null, readNavigation: { main: [{ link: '/about' }] }, readPages: [{ id: 'about' }, { id: 'home' }] })
    expect(await ask(true)).toMatchObject({ draft: { id: 'draft' }, below: { id: 'below' }, readNavigation: { main: [{ link: '/about' }, { link: '/draft' }] } })
  })

  it('may not be linked from a published page', () => {
    const link = { type: 'Link', id: 'l', link: { page: 'draft', title: all('x') } }
    const broken = fixture({ 'pages/draft.yaml': page('draft', { draft: true }), 'pages/about.yaml': page('about', { elements: [link] }) })
    expect(errorOf(broken)).toMatch(/^content\/pages\/about\.yaml:\d+:\d+: elements\[0\]\.link\.page: page "draft" is a draft \(or below one\)/)
  })
})

describe('locations', () => {
  const location = (fields: Record<string, unknown> = {}) => ({
    id: 'utrecht-dealer',
    name: 'Horizon Utrecht',
    type: 'dealer',
    address: { street: 'Stationsplein 12', postalCode: '3511 ED', city: 'Utrecht', country: 'NL' },
    lat: 52.09,
    lng: 5.12,
    openingHours: ['Mo-Fr 08:00-18:00'],
    ...fields,
  })
  const ask = async (source: string) => {
    const result = await graphql({ schema: getEmbeddedSchema(), source })
    expect(result.errors).toBeUndefined()
    return result.data
  }

  it('fills in the country’s time zone, the type’s services and the file’s date, and finds one by id', async () => {
    const london = location({ id: 'london', address: { street: 'S', postalCode: 'SE1', city: 'London', country: 'GB' }, services: ['evCharging'], lastEdited: '2026-05-01T10:00:00Z' })
    const dir = fixture({ 'locations/utrecht-dealer.yaml': location(), 'locations/london.yaml': london })
    utimesSync(join(dir, 'locations/utrecht-dealer.yaml'), new Date('2026-03-04T05:06:07Z'), new Date('2026-03-04T05:06:07Z'))
    reloadContent(dir)
    expect(
      await ask(
        `{ a: readOneLocation(id: "utrecht-dealer", locale: "de_DE") { timeZone services lastEdited phone } b: readOneLocation(id: "london", locale: "nl_NL") { timeZone services lastEdited } c: readOneLocation(id: "nowhere", locale: "nl_NL") { id } }`,
      ),
    ).toEqual({
      a: { timeZone: 'Europe/Amsterdam', services: ['newCars', 'usedCars', 'maintenance', 'repairs', 'tyres'], lastEdited: '2026-03-04T05:06:07.000Z', phone: null },
      b: { timeZone: 'Europe/London', services: ['evCharging'], lastEdited: '2026-05-01T10:00:00Z' },
      c: null,
    })
  })

  it('lists them by country (the list’s order), then city, whatever their files’ names', async () => {
    const at = (id: string, city: string, country: string) => location({ id, address: { street: 'S', postalCode: '1', city, country } })
    reloadContent(
      fixture({
        'locations/a.yaml': at('a', 'Kolding', 'DK'),
        'locations/b.yaml': at('b', 'Zwolle', 'NL'),
        'locations/c.yaml': at('c', 'Aachen', 'DE'),
        'locations/d.yaml': at('d', 'Amersfoort', 'NL'),
      }),
    )
    const data = await ask(`{ readLocations(locale: "nl_NL") { id } }`)
    expect(data).toEqual({ readLocations: [{ id: 'd' }, { id: 'b' }, { id: 'c' }, { id: 'a' }] })
  })

  it('names opening hours it cannot read, an unknown time zone or service, and an id that is no address', () => {
    const file = (fields: Record<string, unknown>) => fixture({ 'locations/utrecht-dealer.yaml': location(fields) })
    expect(errorOf(file({ openingHours: ['Mo-Fr 08:00-18:00', 'Sa 17:00-09:00'] }))).toMatch(
      /^content\/locations\/utrecht-dealer\.yaml:\d+:\d+: openingHours\[1\]: "17:00-09:00" in "Sa 17:00-09:00" closes before it opens/,
    )
    expect(errorOf(file({ timeZone: 'Europe/Utrecht' }))).toMatch(/^content\/locations\/utrecht-dealer\.yaml:\d+:\d+: timeZone: must be an IANA time zone/)
    expect(errorOf(file({ services: ['carWash'] }))).toMatch(/: services\[0\]/)
    expect(errorOf(file({ id: 'utrecht--dealer' }))).toMatch(/: id: must be lowercase words joined by dashes/)
  })

  it('names both files of an id used twice', () => {
    const dir = fixture({ 'locations/utrecht-dealer.yaml': location(), 'locations/utrecht-2.yaml': location() })
    expect(errorOf(dir)).toMatch(/^content\/locations\/utrecht-dealer\.yaml:1:\d+: id: "utrecht-dealer" is also the id of content\/locations\/utrecht-2\.yaml/)
  })

  it('refuses the single locations.yaml of before, naming the migration', () => {
    const dir = fixture({ 'locations.yaml': { locations: [location()] } })
    expect(errorOf(dir)).toMatch(/^content\/locations\.yaml: locations are now one file each in content\/locations\/; split this file with `npm run content:split-locations/)
  })

  it('refuses a page below the locations list: its address is a location page’s', () => {
    const dir = fixture({
      'pages/locations.yaml': page('locations', { urlSegment: { ...all('x'), nl: 'vestigingen', en: 'locations' } }),
      'pages/utrecht.yaml': page('utrecht', { parent: 'locations' }),
    })
    expect(errorOf(dir)).toMatch(/urlSegment\.nl: \/vestigingen\/utrecht is the address of a location page/)
  })

  it('names the page with the contact form as the contact page, per language', async () => {
    reloadContent(fixture())
    expect(await ask(`{ readSiteConfig(locale: "en_US") { contactPage { id link } } }`)).toEqual({
      readSiteConfig: { contactPage: { id: 'about', link: '/en/about' } },
    })
    reloadContent(fixture({ 'pages/about.yaml': page('about') }))
    expect(await ask(`{ readSiteConfig(locale: "en_US") { contactPage { id } } }`)).toEqual({ readSiteConfig: { contactPage: null } })
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
