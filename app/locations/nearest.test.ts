import { describe, expect, it } from 'vitest'
import { atParam, distanceKm, normalizePlace, parseAt, resolvePlace } from './nearest'

const location = (id: string, postalCode: string, city: string, lat = 0, lng = 0) => ({
  id,
  name: `Horizon ${city}`,
  lat,
  lng,
  address: { postalCode, city, country: 'XX' },
})

describe('nearest', () => {
  it('measures great-circle distances', () => {
    // Amsterdam – Utrecht is about 34 km, Utrecht – Aarhus about 560 km.
    expect(distanceKm({ lat: 52.3676, lng: 4.9041 }, { lat: 52.0907, lng: 5.1214 })).toBeCloseTo(34, 0)
    expect(Math.round(distanceKm({ lat: 52.0907, lng: 5.1214 }, { lat: 56.1629, lng: 10.2039 }) / 10)).toBe(56)
  })

  it('rounds a position to 0.1° for the URL, and reads it back', () => {
    expect(atParam({ lat: 52.0907, lng: 5.1214 })).toBe('52.1,5.1')
    expect(atParam({ lat: -0.04, lng: -179.96 })).toBe('0,-180')
    expect(parseAt('52.1,5.1')).toEqual({ lat: 52.1, lng: 5.1 })
    expect(parseAt('91,5')).toBeNull()
    expect(parseAt('52.1;5.1')).toBeNull()
    expect(parseAt('1e3,5')).toBeNull()
  })

  it('matches postcodes by their first characters, at least two', () => {
    const places = [location('a', '3511 ED', 'Utrecht'), location('b', '3500', 'Hasselt'), location('c', 'SE1 7PB', 'London')]
    expect(resolvePlace('3512', places)?.match.id).toBe('a')
    expect(resolvePlace('35', places)?.match.id).toBe('a')
    expect(resolvePlace('3500', places)?.match.id).toBe('b')
    expect(resolvePlace('se1 9gp', places)?.match.id).toBe('c')
    expect(resolvePlace('9', places)).toBeNull()
    expect(resolvePlace('4000', places)).toBeNull()
  })

  it('matches cities without accents or case, whole or begun, and inside longer text', () => {
    const places = [location('k', '50829', 'Köln'), location('f', '60326', 'Frankfurt am Main'), location('d', '2516 BK', 'Den Haag')]
    expect(normalizePlace('  Köln-Ehrenfeld ')).toBe('koln ehrenfeld')
    expect(resolvePlace('KOELN', places)).toBeNull()
    expect(resolvePlace('koln', places)?.match.id).toBe('k')
    expect(resolvePlace('frank', places)?.match.id).toBe('f')
    expect(resolvePlace('station den haag centraal', places)?.match.id).toBe('d')
    expect(resolvePlace('x', places)).toBeNull()
    expect(resolvePlace('Timbuktu', places)).toBeNull()
  })
})
