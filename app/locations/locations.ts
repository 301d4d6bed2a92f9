import type { ResultOf } from 'gql.tada'
import * as v from 'valibot'
import type { LocationsQuery } from '../cms/documents'
import { byDistance, parseAt, resolvePlace, type Point } from './nearest'
import { searchKeys, type LocationSearch } from './search'

export type LocationRow = ResultOf<typeof LocationsQuery>['readLocations'][number]
export type LocationType = LocationRow['type']

/** The seven countries, in the order the selector shows them. */
/**
 * Names in a fixed order on server and browser alike: no locale collation, whose data could differ
 * between them, and whose first use costs the browser tens of milliseconds (ADR 046).
 */
export function byName(a: string, b: string): number {
  const key = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0
}

export const countries = ['NL', 'BE', 'DE', 'FR', 'LU', 'GB', 'DK'] as const
export type Country = (typeof countries)[number]
export const locationTypes = ['dealer', 'carbodyrepairshop', 'leaselocation', 'otherlocation'] as const

export function countryOf(code: string): Country | null {
  return countries.find((country) => country === code) ?? null
}

/** What the list shows: the three filters (null = all), and where it is sorted from (nearest first). */
export interface Selection {
  country: Country | null
  type: LocationType | null
  /** A brand-logo key (`?brand=audi`). */
  brand: string | null
  /** A place or postcode as typed (`?near=utrecht`). */
  near: string | null
  /** The visitor's rounded position (`?at=52.1,5.1`), from "near me". */
  at: Point | null
}

export const noSelection: Selection = { country: null, type: null, brand: null, near: null, at: null }

/**
 * A value for the URL: a string that the router would read back as a number ("3512") is given
 * as that number, which it writes plainly, rather than quoted as JSON (`?near=%223512%22`).
 */
function urlValue(value: string): string | number {
  const number = Number(value)
  return value.trim() !== '' && String(number) === value ? number : value
}

/**
 * `?country=de&type=dealer&brand=audi&near=3512` (lowercase country, case-insensitive) or
 * `&at=52.1,5.1`. A value that is not one of the kind selects everything: a hand-edited or
 * outdated link still shows the list, never an error.
 */
const selectionSchema = v.object({
  country: v.fallback(
    v.optional(
      v.pipe(
        v.string(),
        v.transform((s) => s.toUpperCase()),
        v.picklist(countries),
      ),
    ),
    undefined,
  ),
  type: v.fallback(v.optional(v.picklist(locationTypes)), undefined),
  brand: v.fallback(v.optional(v.pipe(v.string(), v.toLowerCase(), v.regex(/^[a-z0-9-]{1,40}$/))), undefined),
  near: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))), undefined),
  // Read by parseAt below: "lat,lng" in range, or nothing.
  at: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(40))), undefined),
})

export function parseSelection(search: unknown): Selection {
  const given: Record<string, string> = {}
  if (typeof search === 'object' && search !== null) {
    for (const key of searchKeys) {
      const value: unknown = Reflect.get(search, key)
      if (typeof value === 'string') given[key] = value
      else if (typeof value === 'number') given[key] = String(value)
    }
  }
  const parsed = v.safeParse(selectionSchema, given)
  if (!parsed.success) return noSelection
  const { country, type, brand, near, at } = parsed.output
  return {
    country: country ?? null,
    type: type ?? null,
    brand: brand ?? null,
    near: near ?? null,
    at: at === undefined ? null : parseAt(at),
  }
}

/** The selection as search params for links and forms (a typed place wins over a position, as in sortOrigin). */
export function selectionSearch(selection: Selection): LocationSearch {
  return {
    ...(selection.country ? { country: selection.country.toLowerCase() } : {}),
    ...(selection.type ? { type: selection.type } : {}),
    ...(selection.brand ? { brand: urlValue(selection.brand) } : {}),
    ...(selection.near ? { near: urlValue(selection.near) } : selection.at ? { at: `${selection.at.lat},${selection.at.lng}` } : {}),
  }
}

/** The brands the locations carry, each once, in the order of first appearance. */
export function brandsOf(locations: ReadonlyArray<LocationRow>): string[] {
  return [...new Set(locations.flatMap((location) => location.brands))]
}

/** A brand filter for a brand no location carries selects everything (as an unknown country does). */
export function withKnownBrand(selection: Selection, locations: ReadonlyArray<LocationRow>): Selection {
  return selection.brand && !brandsOf(locations).includes(selection.brand) ? { ...selection, brand: null } : selection
}

type Filters = Pick<Selection, 'country' | 'type' | 'brand'>

export function filterLocations(locations: ReadonlyArray<LocationRow>, selection: Filters): LocationRow[] {
  return locations.filter(
    (l) =>
      (!selection.country || l.address.country === selection.country) &&
      (!selection.type || l.type === selection.type) &&
      (!selection.brand || l.brands.includes(selection.brand)),
  )
}

/**
 * Counts for one filter's options given the others (faceted): choosing Germany shows how many
 * dealers Germany has; choosing a brand, which countries have it.
 */
export function facetCounts(locations: ReadonlyArray<LocationRow>, selection: Filters) {
  const countriesIn = filterLocations(locations, { ...selection, country: null })
  const typesIn = filterLocations(locations, { ...selection, type: null })
  const brandsIn = filterLocations(locations, { ...selection, brand: null })
  const brands = new Map<string, number>()
  for (const location of brandsIn) for (const brand of location.brands) brands.set(brand, (brands.get(brand) ?? 0) + 1)
  return {
    country: countByCountry(countriesIn),
    countryTotal: countriesIn.length,
    type: countByType(typesIn),
    typeTotal: typesIn.length,
    brand: brands,
    brandTotal: brandsIn.length,
  }
}

export function countByCountry(locations: ReadonlyArray<LocationRow>): Record<Country, number> {
  const counts: Record<Country, number> = { NL: 0, BE: 0, DE: 0, FR: 0, LU: 0, GB: 0, DK: 0 }
  for (const location of locations) {
    const country = countries.find((c) => c === location.address.country)
    if (country) counts[country] += 1
  }
  return counts
}

export function countByType(locations: ReadonlyArray<LocationRow>): Record<LocationType, number> {
  const counts: Record<LocationType, number> = { dealer: 0, carbodyrepairshop: 0, leaselocation: 0, otherlocation: 0 }
  for (const location of locations) counts[location.type] += 1
  return counts
}

/** Where the list is sorted from: the visitor's position, a matched place, or a place not found. */
export type SortOrigin =
  { kind: 'position'; point: Point } | { kind: 'place'; point: Point; match: LocationRow } | { kind: 'not-found'; query: string }

/**
 * A typed place is matched within the selected country (so a postcode two countries share
 * means the one chosen), among all locations otherwise; the filters do not narrow it further:
 * "dealers near Utrecht" sorts from Utrecht even when Utrecht's location is a workshop.
 */
export function sortOrigin(locations: ReadonlyArray<LocationRow>, selection: Selection): SortOrigin | null {
  // A place typed into the form wins: the form keeps an earlier position as a hidden field.
  if (!selection.near) return selection.at ? { kind: 'position', point: selection.at } : null
  const pool = selection.country ? locations.filter((l) => l.address.country === selection.country) : locations
  const place = resolvePlace(selection.near, pool)
  return place ? { kind: 'place', point: place.match, match: place.match } : { kind: 'not-found', query: selection.near }
}

/** The selected locations in list order: nearest first with their distance when sorted, else as the CMS orders them. */
export function orderedLocations(
  selected: ReadonlyArray<LocationRow>,
  origin: SortOrigin | null,
): Array<{ location: LocationRow; km: number | null }> {
  if (!origin || origin.kind === 'not-found') return selected.map((location) => ({ location, km: null }))
  return byDistance(selected, origin.point)
}

/** Directions to a location (OpenStreetMap, no account or key needed). */
export function directionsUrl(location: Point): string {
  return `https://www.openstreetmap.org/directions?to=${location.lat}%2C${location.lng}`
}
