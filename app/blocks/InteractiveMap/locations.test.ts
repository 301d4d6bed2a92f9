import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { messages as de } from '../../locales/de/messages.po'
import { messages as en } from '../../locales/en/messages.po'
import { messages as fr } from '../../locales/fr/messages.po'
import { messages as nl } from '../../locales/nl/messages.po'
import { messages as da } from '../../locales/da/messages.po'
import { totalCountLabel, typeCountLabel } from './labels'
import { countByCountry, countByType, filterLocations, parseSelection, selectionSearch, type LocationRow } from './locations'

const row = (id: string, type: LocationRow['type'], country: string): LocationRow => ({
  id,
  name: id,
  type,
  brands: [],
  address: { street: 's', postalCode: 'p', city: 'c', country },
  lat: 0,
  lng: 0,
  phone: null,
  email: null,
  website: null,
  openingHours: [],
})

const rows = [row('a', 'dealer', 'NL'), row('b', 'dealer', 'DE'), row('c', 'carbodyrepairshop', 'DE'), row('d', 'leaselocation', 'DK')]

describe('locations', () => {
  it('parses the selection from search params, ignoring unknown values', () => {
    expect(parseSelection({ country: 'de', type: 'dealer' })).toEqual({ country: 'DE', type: 'dealer' })
    expect(parseSelection({ country: 'XX', type: 'garage' })).toEqual({ country: null, type: null })
    expect(parseSelection({})).toEqual({ country: null, type: null })
    expect(selectionSearch({ country: 'DE', type: null })).toEqual({ country: 'de' })
  })

  it('counts per country and per type, adding up to the total', () => {
    const perCountry = countByCountry(rows)
    expect(perCountry).toEqual({ NL: 1, BE: 0, DE: 2, FR: 0, LU: 0, GB: 0, DK: 1 })
    expect(Object.values(perCountry).reduce((a, b) => a + b, 0)).toBe(rows.length)
    expect(countByType(filterLocations(rows, { country: 'DE', type: null }))).toEqual({
      dealer: 1,
      carbodyrepairshop: 1,
      leaselocation: 0,
      otherlocation: 0,
    })
  })

  it('filters by country and type', () => {
    expect(filterLocations(rows, { country: 'DE', type: 'dealer' }).map((r) => r.id)).toEqual(['b'])
    expect(filterLocations(rows, { country: null, type: 'dealer' }).map((r) => r.id)).toEqual(['a', 'b'])
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
