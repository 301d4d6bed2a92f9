/**
 * A location (content/locations/<id>.yaml, one file each: ADR 098): its fields as editors write
 * them (valibot, which also generates the admin's form) and its type in the GraphQL contract, side by side.
 * `npm run codegen` writes `graphql` below into app/cms/schema.graphql; the embedded CMS serves
 * a location's fields as written, with the defaults filled in (projection.server.ts).
 */
import * as v from 'valibot'
import { isTimeZone } from '../locations/open-status'
import { locationTypes } from '../locations/locations'
import { readOpeningHours, type HoursProblem } from '../locations/opening-hours'
import { locationServices } from '../locations/services'
import { isoTimestamp, slug, text } from './fields'

export const locationCountries = ['NL', 'BE', 'DE', 'FR', 'LU', 'GB', 'DK'] as const

/** Why an opening-hours value cannot be read, for the editor. */
function hoursProblemMessage(value: string, { kind, item }: HoursProblem): string {
  switch (kind) {
    case 'format':
      return `"${value}" is not like "Mo-Fr 08:00-18:00" (days, a space, then opening-closing times)`
    case 'day':
      return `"${item}" in "${value}" is not a day or range of days (Mo, Tu, We, Th, Fr, Sa, Su)`
    case 'backwards':
      return `"${item}" in "${value}" runs backwards: write a range from Monday towards Sunday`
    case 'time':
      return `"${item}" in "${value}" is not a time range between 00:00 and 24:00`
    case 'order':
      return `"${item}" in "${value}" closes before it opens (past midnight: write two values)`
  }
}

/** A schema.org opening-hours value the site can read. */
const openingHoursValue = v.pipe(
  text,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const parsed = readOpeningHours(dataset.value)
    if ('problem' in parsed) addIssue({ message: hoursProblemMessage(dataset.value, parsed.problem) })
  }),
)

export const locationFileSchema = v.strictObject({
  /** Also the location page's address segment (/vestigingen/<id>), in every language. */
  id: slug,
  name: text,
  type: v.picklist(locationTypes),
  brands: v.optional(v.array(text), []),
  /** What the location offers; its type's usual services when left out (app/locations/services.ts). */
  services: v.optional(v.array(v.picklist(locationServices))),
  address: v.strictObject({ street: text, postalCode: text, city: text, country: v.picklist(locationCountries) }),
  lat: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  lng: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  phone: v.optional(text),
  email: v.optional(v.pipe(v.string(), v.email('must be an email address'))),
  website: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  /** schema.org format ("Mo-Fr 08:00-18:00"), in the location's time zone. */
  openingHours: v.optional(v.array(openingHoursValue), []),
  /** IANA time zone of the opening hours; the country's when left out (app.config.ts). */
  timeZone: v.optional(v.pipe(v.string(), v.check(isTimeZone, 'must be an IANA time zone such as Europe/Amsterdam'))),
  /** When the location last changed (its page's sitemap lastmod); the file's modification time when left out. */
  lastEdited: v.optional(isoTimestamp),
})
export type LocationFile = v.InferOutput<typeof locationFileSchema>

/** The contract's location types (a new optional field is served as written, null when absent). */
export const graphql = `
enum LocationType {
${locationTypes.map((type) => `  ${type}`).join('\n')}
}

type Address {
  street: String!
  postalCode: String!
  city: String!
  "ISO 3166-1 alpha-2 country code, e.g. ${locationCountries.join(', ')}."
  country: String!
}

"What a location offers; the site names each in the visitor's language."
enum LocationService {
${locationServices.map((service) => `  ${service}`).join('\n')}
}

type Location {
  "Lowercase words joined by dashes; also the location page's address segment in every language."
  id: ID!
  name: String!
  type: LocationType!
  "Brand-logo keys, e.g. audi, ford, toyota."
  brands: [String!]!
  services: [LocationService!]!
  address: Address!
  lat: Float!
  lng: Float!
  phone: String
  email: String
  website: String
  "schema.org openingHours strings, e.g. Mo-Fr 08:00-18:00, in the location's timeZone."
  openingHours: [String!]!
  "IANA time zone of the opening hours, e.g. Europe/Amsterdam."
  timeZone: String!
  "ISO 8601 date-time of the last edit."
  lastEdited: String!
}
`
