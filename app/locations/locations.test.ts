import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { messages as de } from '../locales/de/messages.po'
import { messages as en } from '../locales/en/messages.po'
import { messages as fr } from '../locales/fr/messages.po'
import { messages as nl } from '../locales/nl/messages.po'
import { messages as da } from '../locales/da/messages.po'
import { totalCountLabel, typeCountLabel } from './type-labels'
import {
  brandsOf,
  facetCounts,
  filterLocations,
  noSelection,
  orderedLocations,
  parseSelection,
  selectionSearch,
  sortOrigin,
  withKnownBrand,
  type LocationRow,
} from './locations'
import { locationSearch } from './search'

const row = (id: string, type: LocationRow['type'], country: string, more: Partial<LocationRow> = {}): LocationRow => ({
  id,
  name: id,
  type,
  brands: [],
  address: { street: 's', postalCode: 'p', city: 'c', country },
  lat: 0,
  lng: 0,
  phone: null,
  ...more,
})

const rows = [
  row('a', 'dealer', 'NL', { brands: ['audi', 'volkswagen'] }),
  row('b', 'dealer', 'DE', { brands: ['audi'] }),
  row('c', 'carbodyrepairshop', 'DE'),
  row('d', 'leaselocation', 'DK', { brands: ['skoda'] }),
]

const place = (id: string, postalCode: string, city: string, country: string, lat: number, lng: number) =>
  row(id, 'dealer', country, { name: `Horizon ${city}`, address: { street: 's', postalCode, city, country }, lat, lng })

const europe = [
  place('utrecht', '3511 ED', 'Utrecht', 'NL', 52.09, 5.12),
  place('brugge', '8200', 'Brugge', 'BE', 51.21, 3.22),
  place('aarhus', '8200', 'Aarhus', 'DK', 56.16, 10.2),
  place('koeln', '50829', 'Köln', 'DE', 50.94, 6.96),
  place('luxembourg', 'L-1741', 'Luxembourg', 'LU', 49.61, 6.13),
  place('amsterdam', '1014 BA', 'Amsterdam', 'NL', 52.37, 4.9),
]

describe('locations', () => {
  it('parses the selection from search params, ignoring unknown values', () => {
    expect(parseSelection({ country: 'de', type: 'dealer', brand: 'Audi' })).toEqual({
      ...noSelection,
      country: 'DE',
      type: 'dealer',
      brand: 'audi',
    })
    expect(parseSelection({ country: 'XX', type: 'garage', brand: '<script>', near: ' ', at: '91,5' })).toEqual(noSelection)
    expect(parseSelection({ at: '52.1,5.1', near: ' Utrecht ' })).toEqual({ ...noSelection, near: 'Utrecht', at: { lat: 52.1, lng: 5.1 } })
    expect(parseSelection({ near: 'x'.repeat(101) })).toEqual(noSelection)
    expect(parseSelection({})).toEqual(noSelection)
    expect(selectionSearch({ ...noSelection, country: 'DE', brand: 'audi' })).toEqual({ country: 'de', brand: 'audi' })
    // A typed place wins over an earlier position, as the form sends both.
    expect(selectionSearch({ ...noSelection, near: 'Utrecht', at: { lat: 1, lng: 2 } })).toEqual({ near: 'Utrecht' })
    expect(selectionSearch({ ...noSelection, at: { lat: 52.1, lng: 5.1 } })).toEqual({ at: '52.1,5.1' })
  })

  it('reads and writes a numeric place as the router parses it (a number), keeping leading zeros', () => {
    expect(parseSelection({ near: 3512 }).near).toBe('3512')
    expect(selectionSearch({ ...noSelection, near: '3512' })).toEqual({ near: 3512 })
    expect(selectionSearch({ ...noSelection, near: '01000' })).toEqual({ near: '01000' })
    expect(selectionSearch({ ...noSelection, near: '3511 ED' })).toEqual({ near: '3511 ED' })
  })

  it('keeps only search params it knows, as strings', () => {
    expect(locationSearch({ country: 'de', brand: 'audi', page: 2, near: 3512, at: Number.NaN, type: true, other: 'x' })).toEqual({
      country: 'de',
      brand: 'audi',
      near: 3512,
    })
  })

  it('counts each filter given the others, adding up to the total', () => {
    const none = { country: null, type: null, brand: null }
    const counts = facetCounts(rows, none)
    expect(counts.country).toEqual({ NL: 1, BE: 0, DE: 2, FR: 0, LU: 0, GB: 0, DK: 1 })
    expect(Object.values(counts.country).reduce((a, b) => a + b, 0)).toBe(rows.length)
    expect(facetCounts(rows, { ...none, country: 'DE' }).type).toEqual({
      dealer: 1,
      carbodyrepairshop: 1,
      leaselocation: 0,
      otherlocation: 0,
    })
    expect(facetCounts(rows, { ...none, brand: 'audi' }).country).toMatchObject({ NL: 1, DE: 1, DK: 0 })
    expect([...facetCounts(rows, { ...none, country: 'DE' }).brand]).toEqual([['audi', 1]])
  })

  it('filters by country, type and brand', () => {
    const none = { country: null, type: null, brand: null }
    expect(filterLocations(rows, { ...none, country: 'DE', type: 'dealer' }).map((r) => r.id)).toEqual(['b'])
    expect(filterLocations(rows, { ...none, type: 'dealer' }).map((r) => r.id)).toEqual(['a', 'b'])
    expect(filterLocations(rows, { ...none, brand: 'audi' }).map((r) => r.id)).toEqual(['a', 'b'])
    expect(filterLocations(rows, { ...none, brand: 'skoda', country: 'NL' })).toEqual([])
  })

  it('ignores a brand filter for a brand no location carries', () => {
    expect(withKnownBrand({ ...noSelection, brand: 'tesla' }, rows).brand).toBeNull()
    expect(withKnownBrand({ ...noSelection, brand: 'skoda' }, rows).brand).toBe('skoda')
    expect(brandsOf(rows)).toEqual(['audi', 'volkswagen', 'skoda'])
  })

  it('sorts nearest first from a typed postcode, city or a position', () => {
    const idsFrom = (selection: Partial<typeof noSelection>) => {
      const full = { ...noSelection, ...selection }
      return orderedLocations(filterLocations(europe, full), sortOrigin(europe, full)).map(({ location }) => location.id)
    }
    expect(idsFrom({ near: '3512 AB' }).slice(0, 2)).toEqual(['utrecht', 'amsterdam'])
    expect(idsFrom({ near: 'koln' })[0]).toBe('koeln')
    expect(idsFrom({ near: 'L-1740' })[0]).toBe('luxembourg')
    expect(idsFrom({ at: { lat: 52.4, lng: 4.9 } })[0]).toBe('amsterdam')
    // A postcode two countries share means the selected country's.
    expect(sortOrigin(europe, { ...noSelection, near: '8200', country: 'DK' })).toMatchObject({ kind: 'place', match: { id: 'aarhus' } })
    expect(sortOrigin(europe, { ...noSelection, near: '8200', country: 'BE' })).toMatchObject({ kind: 'place', match: { id: 'brugge' } })
    expect(sortOrigin(europe, { ...noSelection, near: 'Timbuktu' })).toEqual({ kind: 'not-found', query: 'Timbuktu' })
    // Not found: the list keeps the editors' order, without distances.
    expect(orderedLocations(europe, { kind: 'not-found', query: 'x' }).map(({ km }) => km)).toEqual(europe.map(() => null))
    expect(sortOrigin(europe, noSelection)).toBeNull()
  })
})

describe('plural labels', () => {
  const i18n = setupI18n({ messages: { nl, en, de, fr, da } })
  it.each([
    ['nl', 1, '1 dealer', '1 schadeherstelbedrijf'],
    ['nl', 12, '12 dealers', '12 schadeherstelbedrijven'],
    ['en', 1, '1 dealer', '1 body repair shop'],
    ['en', 2, '2 dealers', '2 body repair shops'],
    ['de', 1, '1 Autohaus', '1 Karosseriebetrieb'],
    ['de', 3, '3 Autohäuser', '3 Karosseriebetriebe'],
    ['fr', 0, '0 concession', '0 carrosserie'],
    ['fr', 2, '2 concessions', '2 carrosseries'],
    ['da', 1, '1 forhandler', '1 karosseriværksted'],
    ['da', 5, '5 forhandlere', '5 karosseriværksteder'],
  ])('%s with %i', (locale, count, dealer, bodyShop) => {
    i18n.activate(locale)
    expect(typeCountLabel(i18n, 'dealer', count)).toBe(dealer)
    expect(typeCountLabel(i18n, 'carbodyrepairshop', count)).toBe(bodyShop)
  })

  it('labels the total', () => {
    i18n.activate('en')
    expect(totalCountLabel(i18n, 1)).toBe('1 location')
    expect(totalCountLabel(i18n, 60)).toBe('60 locations')
  })
})
