/**
 * "Which location is nearest": distances on the globe, and a place a visitor typed. No
 * geocoding service is reachable, so a typed place is matched against the locations' own
 * postcodes and cities (and names): "3512" finds Utrecht's 3511 ED, "koln" finds Köln. A place
 * the group has no location in is not found, and the page says so.
 */

export interface Point {
  lat: number
  lng: number
}

const earthRadiusKm = 6371

/** Great-circle distance (haversine), in kilometres. */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Nearest first; equal distances keep the given order. */
export function byDistance<L extends Point>(locations: ReadonlyArray<L>, from: Point): Array<{ location: L; km: number }> {
  return locations.map((location) => ({ location, km: distanceKm(from, location) })).sort((a, b) => a.km - b.km)
}

/**
 * A visitor's position as it goes into the URL (`?at=52.1,5.1`): rounded to 0.1° (about 11 km
 * north-south, 7 km east-west here), enough to order locations spread over seven countries and
 * too coarse to point at an address in a shared link, the browser history or analytics.
 */
export function atParam(point: Point): string {
  const round = (value: number) => String(Math.round(value * 10) / 10)
  return `${round(point.lat)},${round(point.lng)}`
}

export function parseAt(value: string): Point | null {
  const match = /^(-?\d{1,2}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?)$/.exec(value.trim())
  if (!match) return null
  const lat = Number(match[1])
  const lng = Number(match[2])
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null
}

/** What a typed place is matched against. */
export interface PlaceCandidate extends Point {
  name: string
  address: { postalCode: string; city: string; country: string }
}

/** Lowercase ASCII words: accents dropped (Köln → koln, Liège → liege), punctuation as spaces. */
export function normalizePlace(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** A postcode without spaces and without a country prefix ("L-1741" → "1741", "SE1 7PB" → "se17pb"). */
function compactPostcode(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^[a-z]{1,2}-(?=\d)/, '')
    .replace(/[^a-z0-9]/g, '')
}

function commonPrefixLength(a: string, b: string): number {
  let length = 0
  while (length < a.length && length < b.length && a[length] === b[length]) length++
  return length
}

/**
 * How well a query matches a location: a postcode sharing its first characters (at least two,
 * more is better), or a city equal to, starting with or contained in the query, or the
 * location's name containing it. 0 = no match.
 */
function matchScore(query: string, location: PlaceCandidate): number {
  const postcode = compactPostcode(query)
  if (/\d/.test(postcode)) {
    const shared = commonPrefixLength(postcode, compactPostcode(location.address.postalCode))
    return shared >= 2 ? 100 + shared : 0
  }
  const words = normalizePlace(query)
  if (words.length < 2) return 0
  const city = normalizePlace(location.address.city)
  if (city === words) return 50
  if (words.length >= 3 && city.startsWith(words)) return 40
  if (` ${words} `.includes(` ${city} `)) return 30
  if (words.length >= 3 && normalizePlace(location.name).includes(words)) return 20
  return 0
}

export interface ResolvedPlace<L extends PlaceCandidate> {
  /** The location whose postcode or city matched: distances are measured from it. */
  match: L
}

/**
 * The location a typed place means, or null. Best match wins; among equals the first in the
 * given order (the caller passes the selected country's locations only, so "8200" means
 * Brugge once Belgium is chosen and Aarhus once Denmark is).
 */
export function resolvePlace<L extends PlaceCandidate>(query: string, locations: ReadonlyArray<L>): ResolvedPlace<L> | null {
  let best: { location: L; score: number } | null = null
  for (const location of locations) {
    const score = matchScore(query, location)
    if (score > 0 && (best === null || score > best.score)) best = { location, score }
  }
  return best ? { match: best.location } : null
}
