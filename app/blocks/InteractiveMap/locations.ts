import type { ResultOf } from 'gql.tada'
import * as v from 'valibot'
import type { LocationsQuery } from '../../cms/documents'

export type LocationRow = ResultOf<typeof LocationsQuery>['readLocations'][number]
export type LocationType = LocationRow['type']

/** The seven countries, in the order the selector shows them. */
export const countries = ['NL', 'BE', 'DE', 'FR', 'LU', 'GB', 'DK'] as const
export type Country = (typeof countries)[number]
export const locationTypes = ['dealer', 'carbodyrepairshop', 'leaselocation', 'otherlocation'] as const

export function countryOf(code: string): Country | null {
  return countries.find((country) => country === code) ?? null
}

export interface Selection {
  country: Country | null
  type: LocationType | null
}

/** `?country=de&type=dealer` (lowercase country, case-insensitive); unknown values select everything. */
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
})

export function parseSelection(search: unknown): Selection {
  const parsed = v.safeParse(selectionSchema, typeof search === 'object' && search !== null ? search : {})
  if (!parsed.success) return { country: null, type: null }
  return { country: parsed.output.country ?? null, type: parsed.output.type ?? null }
}

/** The selection as search params for links and forms. */
export function selectionSearch(selection: Selection): { country?: string; type?: string } {
  return {
    ...(selection.country ? { country: selection.country.toLowerCase() } : {}),
    ...(selection.type ? { type: selection.type } : {}),
  }
}

export function inCountry(locations: ReadonlyArray<LocationRow>, country: Country | null): LocationRow[] {
  return country ? locations.filter((l) => l.address.country === country) : [...locations]
}

export function filterLocations(locations: ReadonlyArray<LocationRow>, selection: Selection): LocationRow[] {
  const byCountry = inCountry(locations, selection.country)
  return selection.type ? byCountry.filter((l) => l.type === selection.type) : byCountry
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

/** Directions to a location (OpenStreetMap, no account or key needed). */
export function directionsUrl(location: LocationRow): string {
  return `https://www.openstreetmap.org/directions?to=${location.lat}%2C${location.lng}`
}
