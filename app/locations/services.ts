/**
 * What a location offers, as keys (the GraphQL enum LocationService): the site names each in
 * the visitor's language (labels.ts). A location that lists none in the embedded CMS's content
 * offers its type's usual ones.
 */
export const locationServices = [
  'newCars',
  'usedCars',
  'maintenance',
  'repairs',
  'tyres',
  'bodyRepair',
  'windscreen',
  'insuranceClaims',
  'leasing',
  'fleet',
  'evCharging',
] as const
export type LocationService = (typeof locationServices)[number]

export function isLocationService(value: string): value is LocationService {
  return (locationServices as ReadonlyArray<string>).includes(value)
}

/** A location type's usual services, for content that lists none. */
export const defaultServices = {
  dealer: ['newCars', 'usedCars', 'maintenance', 'repairs', 'tyres'],
  carbodyrepairshop: ['bodyRepair', 'windscreen', 'insuranceClaims'],
  leaselocation: ['leasing', 'fleet'],
  otherlocation: ['maintenance', 'tyres'],
} as const satisfies Record<string, ReadonlyArray<LocationService>>
