import { mkdtempSync, writeFileSync, mkdirSync, cpSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { graphql } from 'graphql'
import { describe, expect, it } from 'vitest'
import { getEmbeddedSchema, reloadContent, ContentError } from './index'

async function query(source: string, variables: Record<string, unknown>) {
  const result = await graphql({ schema: getEmbeddedSchema(), source, variableValues: variables })
  expect(result.errors).toBeUndefined()
  return result.data
}

const pageQuery = `query($link: String!, $locale: String!) {
  readOnePage(link: $link, locale: $locale) {
    __typename title link
    translations { locale link }
    breadcrumbs { title link }
    ... on RedirectorPage { redirectCode redirectionType externalUrl }
    ... on Page { elementalArea { elements { __typename id } } }
    ... on TimelinePage { entries { year title } }
  }
}`

const demoPaths: Array<[string, string, string]> = [
  ['/', 'nl_NL', 'Page'],
  ['/en', 'en_US', 'Page'],
  ['/over-ons', 'nl_NL', 'Page'],
  ['/en/about-us', 'en_US', 'Page'],
  ['/de/uber-uns', 'de_DE', 'Page'],
  ['/fr/a-propos', 'fr_FR', 'Page'],
  ['/da/om-os', 'da_DK', 'Page'],
  ['/over-ons/historie', 'nl_NL', 'TimelinePage'],
  ['/en/about-us/history', 'en_US', 'TimelinePage'],
  ['/de/uber-uns/geschichte', 'de_DE', 'TimelinePage'],
  ['/fr/a-propos/histoire', 'fr_FR', 'TimelinePage'],
  ['/da/om-os/historie', 'da_DK', 'TimelinePage'],
  ['/vestigingen', 'nl_NL', 'Page'],
  ['/en/locations', 'en_US', 'Page'],
  ['/de/standorte', 'de_DE', 'Page'],
  ['/fr/etablissements', 'fr_FR', 'Page'],
  ['/da/afdelinger', 'da_DK', 'Page'],
  ['/contact', 'nl_NL', 'Page'],
  ['/de/kontakt', 'de_DE', 'Page'],
  ['/werken-bij', 'nl_NL', 'RedirectorPage'],
  ['/fr/carrieres', 'fr_FR', 'RedirectorPage'],
]

describe('embedded CMS', () => {
  it.each(demoPaths)('serves %s (%s) as %s', async (link, locale, typename) => {
    const data = await query(pageQuery, { link, locale })
    expect(data?.readOnePage).toMatchObject({ __typename: typename, link })
  })

  it('answers null for an unknown link and tolerates a trailing slash', async () => {
    expect((await query(pageQuery, { link: '/bestaat-niet', locale: 'nl_NL' }))?.readOnePage).toBeNull()
    expect((await query(pageQuery, { link: '/over-ons/', locale: 'nl_NL' }))?.readOnePage).toMatchObject({ link: '/over-ons' })
  })

  it('knows translations and breadcrumbs', async () => {
    const data = await query(pageQuery, { link: '/en/about-us/history', locale: 'en_US' })
    expect(data?.readOnePage).toMatchObject({
      translations: expect.arrayContaining([
        { locale: 'nl_NL', link: '/over-ons/historie' },
        { locale: 'da_DK', link: '/da/om-os/historie' },
      ]),
      breadcrumbs: [
        { title: 'Home', link: '/en' },
        { title: 'About us', link: '/en/about-us' },
      ],
    })
  })

  it('resolves redirector pages per language', async () => {
    const data = await query(pageQuery, { link: '/da/karriere', locale: 'da_DK' })
    expect(data?.readOnePage).toMatchObject({ redirectCode: 302, redirectionType: 'External', externalUrl: 'https://careers.example.com/da' })
  })

  it('uses every block type on the home page', async () => {
    const data = await query(pageQuery, { link: '/', locale: 'nl_NL' })
    const page = data?.readOnePage
    const types = new Set(
      typeof page === 'object' && page && 'elementalArea' in page
        ? JSON.parse(JSON.stringify(page)).elementalArea.elements.map((e: { __typename: string }) => e.__typename)
        : [],
    )
    for (const type of ['Hero', 'Icons', 'Grid', 'MediaContent', 'TwoColumnContent', 'FullWidthMedia', 'Link', 'Download']) {
      expect(types).toContain(type)
    }
  })
})

describe('content validation', () => {
  function fixture(mutate: (dir: string) => void): string {
    const dir = join(mkdtempSync(join(tmpdir(), 'content-')), 'content')
    cpSync('content', dir, { recursive: true })
    mutate(dir)
    return dir
  }

  it('names the file and field of a wrong value', () => {
    const dir = fixture((d) => {
      mkdirSync(join(d, 'pages'), { recursive: true })
      writeFileSync(
        join(d, 'pages', 'broken.yaml'),
        'id: broken\ntype: Page\nparent: home\nurlSegment: { nl: a, en: a, de: a, fr: a, da: a }\nlastEdited: 2026-01-01T00:00:00Z\ntitle: { nl: A, en: A, de: A, fr: A, da: A }\nelements:\n  - type: Hero\n    id: h\n    image: { src: /media/x.webp, width: abc, height: 10, alt: { nl: a, en: a, de: a, fr: a, da: a } }\n',
      )
    })
    expect(() => reloadContent(dir)).toThrowError(ContentError)
    expect(() => reloadContent(dir)).toThrowError(/content\/pages\/broken\.yaml: elements\.0\.image\.width: .*number/)
  })

  it('names a missing translation', () => {
    const dir = fixture((d) => {
      writeFileSync(join(d, 'site.yaml'), 'title: { nl: Naam, en: Name, de: Name, fr: Nom }\n')
    })
    expect(() => reloadContent(dir)).toThrowError(/content\/site\.yaml: title\.da/)
  })

  it('names a link to an unknown page', () => {
    const dir = fixture((d) => {
      writeFileSync(join(d, 'navigation.yaml'), 'main: [about, nope]\nfooter: []\n')
    })
    expect(() => reloadContent(dir)).toThrowError(/navigation\.yaml: main\[1\]: no page with id "nope"/)
  })
})
