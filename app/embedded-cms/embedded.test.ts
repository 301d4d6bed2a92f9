/**
 * The embedded CMS against the real content in content/: every demo page in
 * every language, the computed links, and the contract's other queries.
 */
import { graphql } from 'graphql'
import { beforeAll, describe, expect, it } from 'vitest'
import { languages, type Locale } from '../../app.config'
import { reloadContent } from './content-store.server'
import { getEmbeddedSchema } from './schema.server'

async function query(source: string, variables: Record<string, unknown> = {}) {
  const result = await graphql({ schema: getEmbeddedSchema(), source, variableValues: variables })
  expect(result.errors).toBeUndefined()
  return result.data
}

/** Reads a nested value of a query result without casts (results are untyped here). */
function at(value: unknown, ...path: Array<string | number>): unknown {
  let current = value
  for (const key of path) current = typeof current === 'object' && current !== null ? Reflect.get(current, key) : undefined
  return current
}

const iso = (code: Locale) => languages.find((l) => l.code === code)?.iso ?? ''

const pageQuery = `query($link: String!, $locale: String!) {
  readOnePage(link: $link, locale: $locale) {
    __typename id title menuTitle link urlSegment locale lastEdited
    translations { locale link title }
    breadcrumbs { id title link }
    parent { id link }
    children { id title link }
    ... on RedirectorPage { redirectCode redirectionType externalUrl linkTo { id } }
    ... on Page { content elementalArea { elements { __typename id title } } }
    ... on TimelinePage { intro entries { id year title text image { url alt width height } } }
  }
}`

type PerLocale = Record<Locale, string>
interface DemoPage {
  id: string
  typename: string
  links: PerLocale
  titles: PerLocale
}

/** The demo site as editors see it: what must be served, where, under which title. */
const demoPages: DemoPage[] = [
  {
    id: 'home',
    typename: 'Page',
    links: { nl: '/', en: '/en', de: '/de', fr: '/fr', da: '/da' },
    titles: { nl: 'Home', en: 'Home', de: 'Startseite', fr: 'Accueil', da: 'Forside' },
  },
  {
    id: 'about',
    typename: 'Page',
    links: { nl: '/over-ons', en: '/en/about-us', de: '/de/uber-uns', fr: '/fr/a-propos', da: '/da/om-os' },
    titles: { nl: 'Over ons', en: 'About us', de: 'Über uns', fr: 'À propos', da: 'Om os' },
  },
  {
    id: 'mission',
    typename: 'Page',
    links: {
      nl: '/over-ons/missie-en-visie',
      en: '/en/about-us/mission-and-vision',
      de: '/de/uber-uns/mission-und-vision',
      fr: '/fr/a-propos/mission-et-vision',
      da: '/da/om-os/mission-og-vision',
    },
    titles: { nl: 'Missie en visie', en: 'Mission and vision', de: 'Mission und Vision', fr: 'Mission et vision', da: 'Mission og vision' },
  },
  {
    id: 'history',
    typename: 'TimelinePage',
    links: {
      nl: '/over-ons/historie',
      en: '/en/about-us/history',
      de: '/de/uber-uns/geschichte',
      fr: '/fr/a-propos/histoire',
      da: '/da/om-os/historie',
    },
    titles: { nl: 'Onze geschiedenis', en: 'Our history', de: 'Unsere Geschichte', fr: 'Notre histoire', da: 'Vores historie' },
  },
  {
    id: 'csr',
    typename: 'Page',
    links: {
      nl: '/over-ons/maatschappelijk',
      en: '/en/about-us/corporate-responsibility',
      de: '/de/uber-uns/verantwortung',
      fr: '/fr/a-propos/responsabilite',
      da: '/da/om-os/samfundsansvar',
    },
    titles: {
      nl: 'Maatschappelijk verantwoord ondernemen',
      en: 'Corporate responsibility',
      de: 'Unternehmerische Verantwortung',
      fr: 'Responsabilité sociétale',
      da: 'Samfundsansvar',
    },
  },
  {
    id: 'sponsoring',
    typename: 'Page',
    links: {
      nl: '/over-ons/sponsoring',
      en: '/en/about-us/sponsorship',
      de: '/de/uber-uns/sponsoring',
      fr: '/fr/a-propos/mecenat',
      da: '/da/om-os/sponsorater',
    },
    titles: { nl: 'Sponsoring', en: 'Sponsorship', de: 'Sponsoring', fr: 'Mécénat', da: 'Sponsorater' },
  },
  {
    id: 'locations',
    typename: 'Page',
    links: { nl: '/vestigingen', en: '/en/locations', de: '/de/standorte', fr: '/fr/etablissements', da: '/da/afdelinger' },
    titles: { nl: 'Vestigingen', en: 'Locations', de: 'Standorte', fr: 'Établissements', da: 'Afdelinger' },
  },
  {
    id: 'contact',
    typename: 'Page',
    links: { nl: '/contact', en: '/en/contact', de: '/de/kontakt', fr: '/fr/contact', da: '/da/kontakt' },
    titles: { nl: 'Contact', en: 'Contact', de: 'Kontakt', fr: 'Contact', da: 'Kontakt' },
  },
  {
    id: 'careers',
    typename: 'RedirectorPage',
    links: { nl: '/werken-bij', en: '/en/careers', de: '/de/karriere', fr: '/fr/carrieres', da: '/da/karriere' },
    titles: { nl: 'Werken bij', en: 'Careers', de: 'Karriere', fr: 'Carrières', da: 'Karriere' },
  },
]

const cases = demoPages.flatMap((page) =>
  languages.map((l) => ({ ...page, locale: l.code, link: page.links[l.code], title: page.titles[l.code] })),
)

// Another test file may have loaded a fixture into this worker's module state; start from the real content.
beforeAll(() => {
  reloadContent()
})

describe('readOnePage', () => {
  it.each(cases)('serves $link ($locale) as $typename "$title"', async ({ id, typename, locale, link, title, links, titles }) => {
    const page = at(await query(pageQuery, { link, locale: iso(locale) }), 'readOnePage')
    expect(page).toMatchObject({ __typename: typename, id, title, link, locale: iso(locale) })
    // Every other language, each pointing at its own link and title.
    const others = languages.filter((l) => l.code !== locale).map((l) => ({ locale: l.iso, link: links[l.code], title: titles[l.code] }))
    expect(at(page, 'translations')).toEqual(others)
  })

  it('gives the history page its parents as breadcrumbs, and its entries', async () => {
    const page = at(await query(pageQuery, { link: '/en/about-us/history', locale: 'en_US' }), 'readOnePage')
    expect(page).toMatchObject({
      urlSegment: 'history',
      menuTitle: 'History',
      breadcrumbs: [
        { id: 'home', title: 'Home', link: '/en' },
        { id: 'about', title: 'About us', link: '/en/about-us' },
      ],
      parent: { id: 'about', link: '/en/about-us' },
      children: [],
    })
    const entries = at(page, 'entries')
    expect(Array.isArray(entries) && entries.length).toBeGreaterThanOrEqual(8)
    const years = Array.isArray(entries) ? entries.map((e) => at(e, 'year')) : []
    expect(years[0]).toBe(1965)
    expect(years.at(-1)).toBe(2025)
    expect([...years].sort()).toEqual(years)

    const nl = at(await query(pageQuery, { link: '/over-ons/historie', locale: 'nl_NL' }), 'readOnePage')
    expect(at(nl, 'breadcrumbs')).toEqual([
      { id: 'home', title: 'Home', link: '/' },
      { id: 'about', title: 'Over ons', link: '/over-ons' },
    ])
  })

  it('gives the home page no breadcrumbs and no parent', async () => {
    const page = at(await query(pageQuery, { link: '/de', locale: 'de_DE' }), 'readOnePage')
    expect(page).toMatchObject({ breadcrumbs: [], parent: null, urlSegment: '' })
  })

  it('lists the about page children in order', async () => {
    const page = at(await query(pageQuery, { link: '/fr/a-propos', locale: 'fr_FR' }), 'readOnePage')
    expect(at(page, 'children')).toEqual([
      { id: 'mission', title: 'Mission et vision', link: '/fr/a-propos/mission-et-vision' },
      { id: 'history', title: 'Notre histoire', link: '/fr/a-propos/histoire' },
      { id: 'csr', title: 'Responsabilité sociétale', link: '/fr/a-propos/responsabilite' },
      { id: 'sponsoring', title: 'Mécénat', link: '/fr/a-propos/mecenat' },
    ])
  })

  it('answers null for an unknown link, or a link of another language', async () => {
    expect(at(await query(pageQuery, { link: '/bestaat-niet', locale: 'nl_NL' }), 'readOnePage')).toBeNull()
    expect(at(await query(pageQuery, { link: '/en/about-us', locale: 'nl_NL' }), 'readOnePage')).toBeNull()
  })

  it('tolerates a trailing slash', async () => {
    expect(at(await query(pageQuery, { link: '/over-ons/', locale: 'nl_NL' }), 'readOnePage', 'link')).toBe('/over-ons')
    expect(at(await query(pageQuery, { link: '/en/', locale: 'en_US' }), 'readOnePage', 'link')).toBe('/en')
  })

  it('rejects a locale that is not an iso code', async () => {
    const result = await graphql({ schema: getEmbeddedSchema(), source: pageQuery, variableValues: { link: '/', locale: 'nl' } })
    expect(result.errors?.[0]?.message).toMatch(/Unknown locale; expected one of nl_NL/)
  })

  it('resolves the careers redirector to an external URL per language, with a temporary redirect', async () => {
    for (const language of languages) {
      const link = demoPages.find((p) => p.id === 'careers')?.links[language.code] ?? ''
      const page = at(await query(pageQuery, { link, locale: language.iso }), 'readOnePage')
      expect(page).toEqual(
        expect.objectContaining({
          __typename: 'RedirectorPage',
          redirectCode: 302,
          redirectionType: 'External',
          externalUrl: `https://careers.example.com/${language.code}`,
          linkTo: null,
        }),
      )
    }
  })

  it('uses every block type but the contact form and map on the home page, and brand logos in the grid', async () => {
    const source = `query { readOnePage(link: "/", locale: "nl_NL") { ... on Page { elementalArea { elements {
      __typename
      ... on Grid { items { title brandLogo } }
      ... on Download { files { title url size mimeType extension } }
      ... on Hero { cta { url external } }
    } } } } }`
    const elements = at(await query(source), 'readOnePage', 'elementalArea', 'elements')
    const list = Array.isArray(elements) ? elements : []
    const types = list.map((e) => at(e, '__typename'))
    for (const type of ['Hero', 'Icons', 'Grid', 'MediaContent', 'TwoColumnContent', 'FullWidthMedia', 'Link', 'Download']) {
      expect(types).toContain(type)
    }
    const grid = list.find((e) => at(e, '__typename') === 'Grid')
    const logos = [
      'audi',
      'bmw',
      'ford',
      'toyota',
      'volvo',
      'volkswagen',
      'mercedes',
      'renault',
      'peugeot',
      'skoda',
      'kia',
      'hyundai',
      'opel',
      'seat',
      'mazda',
    ]
    expect(at(grid, 'items')).toEqual(logos.map((brandLogo) => expect.objectContaining({ brandLogo })))
    const download = list.find((e) => at(e, '__typename') === 'Download')
    expect(at(download, 'files', 0)).toMatchObject({
      url: '/media/files/jaarverslag-2025.pdf',
      mimeType: 'application/pdf',
      extension: 'pdf',
    })
    // An internal call to action is resolved to the page's link in the page's language.
    expect(
      at(
        list.find((e) => at(e, '__typename') === 'Hero'),
        'cta',
      ),
    ).toEqual({ url: '/vestigingen', external: false })
  })

  it('resolves internal links per language', async () => {
    const source = `query { readOnePage(link: "/da", locale: "da_DK") { ... on Page { elementalArea { elements {
      ... on Link { link { url external } }
    } } } } }`
    const elements = at(await query(source), 'readOnePage', 'elementalArea', 'elements')
    expect(elements).toContainEqual({ link: { url: '/da/om-os/historie', external: false } })
  })

  it('gives the locations page a map and the contact page a form', async () => {
    const types = async (link: string, locale: string) => {
      const elements = at(await query(pageQuery, { link, locale }), 'readOnePage', 'elementalArea', 'elements')
      return Array.isArray(elements) ? elements.map((e) => at(e, '__typename')) : []
    }
    expect(await types('/de/standorte', 'de_DE')).toContain('InteractiveMap')
    expect(await types('/fr/contact', 'fr_FR')).toContain('ContactForm')
  })
})

describe('other queries', () => {
  it('builds the main and footer menus from page ids', async () => {
    const source = `query($locale: String!) { readNavigation(locale: $locale) { main { title link children { title } } footer { title link } } }`
    expect(at(await query(source, { locale: 'de_DE' }), 'readNavigation')).toEqual({
      main: [
        { title: 'Über uns', link: '/de/uber-uns', children: [] },
        { title: 'Standorte', link: '/de/standorte', children: [] },
        { title: 'Kontakt', link: '/de/kontakt', children: [] },
        { title: 'Karriere', link: '/de/karriere', children: [] },
      ],
      footer: [
        { title: 'Über uns', link: '/de/uber-uns' },
        { title: 'Geschichte', link: '/de/uber-uns/geschichte' },
        { title: 'Kontakt', link: '/de/kontakt' },
        { title: 'Karriere', link: '/de/karriere' },
      ],
    })
  })

  it('names the locations page per language', async () => {
    const source = `query($locale: String!) { readNavigation(locale: $locale) { locations { title link } } }`
    expect(at(await query(source, { locale: 'fr_FR' }), 'readNavigation')).toEqual({
      locations: { title: 'Établissements', link: '/fr/etablissements' },
    })
    expect(at(await query(source, { locale: 'nl_NL' }), 'readNavigation')).toEqual({
      locations: { title: 'Vestigingen', link: '/vestigingen' },
    })
  })

  it('serves the site config per language', async () => {
    const source = `query($locale: String!) { readSiteConfig(locale: $locale) { title tagline locale ogImage { url width height alt } socialLinks { platform url } } }`
    for (const language of languages) {
      const site = at(await query(source, { locale: language.iso }), 'readSiteConfig')
      expect(site).toMatchObject({
        title: 'Autogroep Horizon',
        locale: language.iso,
        ogImage: { url: '/media/og-default.webp', width: 1200, height: 630 },
      })
      expect(at(site, 'tagline')).toEqual(expect.any(String))
      expect(at(site, 'ogImage', 'alt')).toEqual(expect.any(String))
    }
  })

  it('lists every page of a locale once for the sitemap', async () => {
    const pages = at(await query(`{ readPages(locale: "en_US") { id link } }`), 'readPages')
    const list = Array.isArray(pages) ? pages : []
    for (const page of demoPages) expect(list).toContainEqual({ id: page.id, link: page.links.en })
    expect(new Set(list.map((p) => at(p, 'link'))).size).toBe(list.length)
  })

  it('serves news newest first, paged', async () => {
    const source = `query { readNewsItems(locale: "nl_NL", limit: 2, offset: 0) { totalCount nodes { slug date } } }`
    const news = at(await query(source), 'readNewsItems')
    const nodes = at(news, 'nodes')
    expect(Array.isArray(nodes) && nodes.length).toBe(2)
    const dates = Array.isArray(nodes) ? nodes.map((n) => String(at(n, 'date'))) : []
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('delivers rich text stored as Markdown as HTML, and what Markdown cannot say (heading anchors) as written', async () => {
    const twoColumns = `query($link: String!, $locale: String!) {
      readOnePage(link: $link, locale: $locale) { ... on Page { elementalArea { elements { __typename ... on TwoColumnContent { left } } } } }
    }`
    const blocks = at(await query(twoColumns, { link: '/en/contact', locale: 'en_US' }), 'readOnePage', 'elementalArea', 'elements')
    const left = Array.isArray(blocks) ? blocks.map((block) => at(block, 'left')).find((html) => typeof html === 'string') : undefined
    expect(left).toBe('<h3>Head office</h3>\n<p>Autogroep Horizon<br>Stationsplein 12<br>3511 ED Utrecht<br>The Netherlands</p>')

    const privacy = at(await query(pageQuery, { link: '/en/privacy', locale: 'en_US' }), 'readOnePage', 'content')
    expect(privacy).toMatch(/^<h2 id="welke-gegevens">What data we process<\/h2>\n<p>When you use the contact form/)
    const news = at(await query(`query { readNewsItems(locale: "en_US", limit: 20) { nodes { body } } }`), 'readNewsItems', 'nodes')
    const bodies = Array.isArray(news) ? news.map((item) => String(at(item, 'body'))) : []
    expect(bodies.length).toBeGreaterThan(0)
    for (const body of bodies) expect(body).toMatch(/^<(p|h[2-4]|ul|ol)[ >]/)
  })
})
