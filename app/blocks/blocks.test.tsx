// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatFileSize } from './Download/Download'
import { Block, Blocks, type BlockElement } from './registry'
import { html, renderInRouter } from '../../tests/support/render-blocks'

afterEach(cleanup)

// Start's deferred-hydration boundary waits for the browser (IntersectionObserver) before it
// renders its children; here it renders them at once, in its marker <div> as in the app.
vi.mock(import('@tanstack/react-start'), async (importOriginal) => ({
  ...(await importOriginal()),
  // Start's visible() boundary renders a plain <div> around its children.
  Hydrate: ({ children }: { children: ReactNode }) => <div data-testid="hydrate">{children}</div>,
}))

const image = { url: '/media/hero.webp', alt: 'Een auto op de weg', width: 1600, height: 900, variants: [], focus: null }

const fixtures = {
  Hero: {
    __typename: 'Hero',
    id: 'h',
    title: 'Welkom',
    showTitle: true,
    subtitle: 'Sub',
    image,
    cta: { title: 'Naar vestigingen', url: '/vestigingen', external: false },
  },
  Icons: {
    __typename: 'Icons',
    id: 'i',
    title: 'Diensten',
    showTitle: true,
    items: [
      { icon: 'car', title: 'Verkoop', text: 'Nieuw' },
      { icon: 'nope', title: 'Onbekend', text: null },
    ],
  },
  Grid: {
    __typename: 'Grid',
    id: 'g',
    title: 'Merken',
    showTitle: true,
    intro: html('<p>Intro</p>'),
    columns: 3,
    items: [
      { title: 'Volvo', text: null, brandLogo: 'volvo', image: null, link: null },
      { title: 'Onbekend merk', text: null, brandLogo: 'zzz', image: null, link: null },
    ],
  },
  MediaContent: {
    __typename: 'MediaContent',
    id: 'm',
    title: 'Showroom',
    showTitle: true,
    content: html('<p>Tekst</p>'),
    imagePosition: 'left',
    image,
    cta: { title: 'Extern', url: 'https://example.com', external: true },
  },
  TwoColumnContent: {
    __typename: 'TwoColumnContent',
    id: 't',
    title: 'Twee',
    showTitle: true,
    left: html('<p>Links</p>'),
    right: html('<p>Rechts</p>'),
  },
  FullWidthMedia: { __typename: 'FullWidthMedia', id: 'f', title: 'Weg', showTitle: false, caption: 'Onderweg', image },
  Link: {
    __typename: 'Link',
    id: 'l',
    title: 'Geschiedenis',
    showTitle: true,
    text: 'Lees meer',
    link: { title: 'Onze geschiedenis', url: '/over-ons/historie', external: false },
  },
  Download: {
    __typename: 'Download',
    id: 'd',
    title: 'Downloads',
    showTitle: true,
    intro: null,
    files: [{ title: 'Jaarverslag', url: '/media/files/j.pdf', size: 1_234_567, mimeType: 'application/pdf', extension: 'pdf' }],
  },
  ContactForm: { __typename: 'ContactForm', id: 'c', title: 'Contact', showTitle: true, intro: null },
  InteractiveMap: { __typename: 'InteractiveMap', id: 'k', title: 'Kaart', showTitle: true, intro: null },
} satisfies Record<BlockElement['__typename'], BlockElement>

const location = (id: string, name: string, type: 'dealer' | 'carbodyrepairshop', country: string, city: string) => ({
  id,
  name,
  type,
  brands: [],
  lat: 52,
  lng: 5,
  phone: '+31 30 123',
  email: null,
  website: null,
  openingHours: [],
  address: { street: 'Straat 1', postalCode: '1234 AB', city, country },
})
const locations = [
  location('u', 'Horizon Utrecht', 'dealer', 'NL', 'Utrecht'),
  location('b', 'Horizon Breda Schade', 'carbodyrepairshop', 'NL', 'Breda'),
  location('k', 'Horizon Köln', 'dealer', 'DE', 'Köln'),
]

describe('blocks', () => {
  it('Hero: h1 when first, eager image, CTA as a router link', async () => {
    await renderInRouter(<Block element={fixtures.Hero} isFirst />)
    expect(screen.getByRole('heading', { level: 1, name: 'Welkom' })).toBeTruthy()
    const img = screen.getByRole('img', { name: 'Een auto op de weg' })
    expect(img.getAttribute('loading')).toBe('eager')
    expect(img.getAttribute('width')).toBe('1600')
    expect(screen.getByRole('link', { name: 'Naar vestigingen' }).getAttribute('href')).toBe('/vestigingen')
  })

  it('Hero: h2 and a lazy image when not first', async () => {
    await renderInRouter(<Block element={fixtures.Hero} isFirst={false} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Welkom' })).toBeTruthy()
    expect(screen.getByRole('img').getAttribute('loading')).toBe('lazy')
  })

  it('Icons: a card per item, unknown icon keys still render', async () => {
    await renderInRouter(<Block element={fixtures.Icons} isFirst={false} />)
    const section = screen.getByRole('region', { name: 'Diensten' })
    expect(within(section).getAllByRole('listitem')).toHaveLength(2)
    expect(within(section).getByText('Onbekend')).toBeTruthy()
  })

  it('Grid: brand logos with accessible names, unknown brands as text', async () => {
    await renderInRouter(<Block element={fixtures.Grid} isFirst={false} />)
    expect(screen.getByRole('img', { name: 'Volvo' })).toBeTruthy()
    expect(screen.getByText('Onbekend merk')).toBeTruthy()
    expect(screen.getByText('Intro')).toBeTruthy()
  })

  it('MediaContent: rich text and an external CTA as a plain link', async () => {
    await renderInRouter(<Block element={fixtures.MediaContent} isFirst={false} />)
    expect(screen.getByText('Tekst')).toBeTruthy()
    const cta = screen.getByRole('link', { name: 'Extern' })
    expect(cta.getAttribute('href')).toBe('https://example.com')
    expect(cta.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('TwoColumnContent: both columns', async () => {
    await renderInRouter(<Block element={fixtures.TwoColumnContent} isFirst={false} />)
    expect(screen.getByText('Links')).toBeTruthy()
    expect(screen.getByText('Rechts')).toBeTruthy()
  })

  it('FullWidthMedia: image and caption, hidden title stays hidden', async () => {
    await renderInRouter(<Block element={fixtures.FullWidthMedia} isFirst={false} />)
    expect(screen.getByText('Onderweg')).toBeTruthy()
    expect(screen.queryByRole('heading')).toBeNull()
  })

  it('FullWidthMedia: a shown title is a visible h2 naming the section', async () => {
    await renderInRouter(<Block element={{ ...fixtures.FullWidthMedia, showTitle: true }} isFirst={false} />)
    const heading = screen.getByRole('heading', { level: 2, name: 'Weg' })
    expect(heading.classList.contains('visually-hidden')).toBe(false)
    expect(screen.getByRole('region', { name: 'Weg' }).querySelector('figure img')).not.toBeNull()
  })

  it('Link: a localized internal link', async () => {
    await renderInRouter(<Block element={fixtures.Link} isFirst={false} />)
    expect(screen.getByRole('link', { name: 'Onze geschiedenis' }).getAttribute('href')).toBe('/over-ons/historie')
  })

  it('Download: file link with type and size', async () => {
    await renderInRouter(<Block element={fixtures.Download} isFirst={false} />)
    const link = screen.getByRole('link', { name: /Jaarverslag/ })
    expect(link.getAttribute('href')).toBe('/media/files/j.pdf')
    expect(link.hasAttribute('download')).toBe(true)
    expect(link.textContent).toMatch(/PDF, 1,2\s?MB/)
  })

  it('Download: the size follows the page language', async () => {
    await renderInRouter(<Block element={fixtures.Download} isFirst={false} />, 'en')
    expect(screen.getByRole('link', { name: /Jaarverslag/ }).textContent).toMatch(/PDF, 1\.2\s?MB/)
  })

  it('ContactForm: the form with its four fields and the consent text', async () => {
    await renderInRouter(<Block element={fixtures.ContactForm} isFirst={false} />)
    for (const label of ['Voornaam', 'Achternaam', 'E-mailadres', 'Uw bericht']) expect(screen.getByLabelText(label)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'privacyverklaring' }).getAttribute('href')).toBe('/privacy')
    expect(screen.getByRole('button', { name: 'Versturen' })).toBeTruthy()
  })

  it('InteractiveMap: selector with per-country counts and the list of locations', async () => {
    await renderInRouter(<Block element={fixtures.InteractiveMap} isFirst={false} />, 'nl', [[['cms', 'locations', 'nl'], locations]])
    const country = screen.getByRole('combobox', { name: 'Land' })
    const options = within(country)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options).toEqual([
      'Alle landen (3)',
      'Nederland (2)',
      'België (0)',
      'Duitsland (1)',
      'Frankrijk (0)',
      'Luxemburg (0)',
      'Verenigd Koninkrijk (0)',
      'Denemarken (0)',
    ])
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Horizon Utrecht',
      'Horizon Breda Schade',
      'Horizon Köln',
    ])
    expect(screen.getByText('3 vestigingen')).toBeTruthy()
  })

  it('InteractiveMap: each list card is six elements that still say everything (ADR 086, 089: the list under 600 nodes)', async () => {
    const { container } = await renderInRouter(<Block element={fixtures.InteractiveMap} isFirst={false} />, 'nl', [
      [['cms', 'locations', 'nl'], locations],
    ])
    const card = container.querySelector('.location-card')
    // li, h3, its link, the address, the phone link, "show on map"; the type is the card's own text
    expect(card?.querySelectorAll('*').length).toBe(5)
    expect(card?.getAttribute('data-letter')).toBe('D')
    const ownText = [...(card?.childNodes ?? [])].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent)
    expect(ownText).toEqual(['Dealer'])
    expect(card?.textContent).toBe('Horizon UtrechtDealerStraat 1\n1234 AB Utrecht\nNederland+31 30 123Toon op kaart')
    expect(card?.querySelector('address')?.textContent?.split('\n')).toEqual(['Straat 1', '1234 AB Utrecht', 'Nederland'])
    expect(within(card as HTMLElement).getByRole('button', { name: 'Toon op kaart: Horizon Utrecht' })).toBeTruthy()
  })
})

describe('registry', () => {
  it('renders every block type of the schema', async () => {
    await renderInRouter(<Blocks elements={Object.values(fixtures)} />, 'nl', [[['cms', 'locations', 'nl'], locations]])
    for (const title of ['Welkom', 'Diensten', 'Merken', 'Showroom', 'Twee', 'Geschiedenis', 'Downloads', 'Contact', 'Kaart']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy()
    }
  })

  it.each([
    ['Hero', 'block--hero'],
    ['Icons', 'block--icons'],
    ['Grid', 'block--grid'],
    ['MediaContent', 'block--media-content'],
    ['TwoColumnContent', 'block--two-columns'],
    ['FullWidthMedia', 'block--full-width-media'],
    ['Link', 'block--link'],
    ['Download', 'block--download'],
    ['ContactForm', 'block--contact-form'],
    ['InteractiveMap', 'block--interactive-map'],
  ] satisfies ReadonlyArray<[BlockElement['__typename'], string]>)('maps %s to its component (%s)', async (typename, className) => {
    const { container } = await renderInRouter(<Blocks elements={[fixtures[typename]]} />, 'nl', [[['cms', 'locations', 'nl'], locations]])
    const roots = Array.from(container.children)
    expect(roots).toHaveLength(1)
    // The heavy blocks hydrate when seen: their code loads apart (ADR 014).
    const deferred = typename === 'ContactForm' || typename === 'InteractiveMap'
    expect(roots[0]?.getAttribute('data-testid') === 'hydrate').toBe(deferred)
    const root = deferred ? roots[0]?.firstElementChild : roots[0]
    expect(root?.classList.contains(className)).toBe(true)
  })

  it('keeps the CMS order, and only the first block is the h1 with an eager, high-priority image', async () => {
    const second = { ...fixtures.Hero, id: 'h2', title: 'Tweede' }
    const { container } = await renderInRouter(
      <Blocks elements={[fixtures.Hero, fixtures.MediaContent, second, fixtures.FullWidthMedia]} />,
    )
    // The first block hydrates with the page; the later ones each sit in a deferred-hydration marker.
    const blockOf = (el: Element) =>
      el.getAttribute('data-testid') === 'hydrate' ? `deferred ${el.firstElementChild?.classList[1]}` : el.classList[1]
    expect(Array.from(container.children).map(blockOf)).toEqual([
      'block--hero',
      'deferred block--media-content',
      'deferred block--hero',
      'deferred block--full-width-media',
    ])
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Welkom'])
    expect(screen.getByRole('heading', { level: 2, name: 'Tweede' })).toBeTruthy()
    const images = Array.from(container.querySelectorAll('img'))
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy'])
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null, null, null])
    for (const img of images) {
      expect(img.getAttribute('width')).toBeTruthy()
      expect(img.getAttribute('height')).toBeTruthy()
    }
  })

  it('the first block of any type gets the priority image', async () => {
    const { container } = await renderInRouter(<Blocks elements={[fixtures.FullWidthMedia, fixtures.Hero]} />)
    expect(Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy'])
    expect(screen.getByRole('heading', { level: 2, name: 'Welkom' })).toBeTruthy()
  })

  it('renders nothing for an unknown block type and warns in development', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const unknown = JSON.parse('{"__typename":"Carousel","id":"x"}')
    const { container } = await renderInRouter(<Blocks elements={[unknown]} />)
    expect(container.textContent).toBe('')
    expect(warn).toHaveBeenCalledWith('[blocks] no component for block type', 'Carousel')
    warn.mockRestore()
  })
})

describe('formatFileSize', () => {
  it('formats per locale', () => {
    expect(formatFileSize(611, 'en')).toBe('611 byte')
    expect(formatFileSize(1_234_567, 'nl')).toMatch(/^1,2\s?MB$/)
    expect(formatFileSize(12_345, 'en')).toMatch(/^12\s?kB$/)
  })
})
