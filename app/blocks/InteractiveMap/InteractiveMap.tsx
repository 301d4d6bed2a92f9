import { useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate, useSearch } from '@tanstack/react-router'
import type { Locale } from '../../../app.config'
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type FormEvent, type RefObject } from 'react'
import { cmsQueries } from '../../cms/queries'
import { RichText } from '../../components/RichText'
import { useSeen } from '../../components/use-seen'
import { madeOnce } from '../../i18n/made-once'
import { useCurrentLocale } from '../../i18n/use-locale'
import { localizedAttribution } from '../../locations/labels'
import { atParam, parseAt } from '../../locations/nearest'
import { BlockSection } from '../BlockSection'
import { brandLogos } from '../Grid/brand-logos'
import type { BlockOf } from '../blocks.fragment'
import { countryNames, totalCountLabel, typeCountLabel, typeNames } from '../../locations/type-labels'
import {
  brandsOf,
  byName,
  countries,
  countryOf,
  facetCounts,
  filterLocations,
  locationTypes,
  orderedLocations,
  parseSelection,
  selectionSearch,
  sortOrigin,
  withKnownBrand,
  type Selection,
  type SortOrigin,
} from '../../locations/locations'
import { TypeIcon, typeStyle } from './TypeIcon'

// Leaflet is its own chunk, requested only by pages with this block, only in the browser.
const loadMap = () => import('./LocationsMap')
const LocationsMap = lazy(loadMap)

const rootRoute = getRouteApi('__root__')
const kilometreFormat = madeOnce((locale: Locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }))

/**
 * False in the server render and while hydrating, true after the first effects: then only the
 * components that use it (the map and the buttons that need JavaScript) render again, not the whole list.
 */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false)
  // The one render after hydration is the point: the server and the first client render agree.
  // oxlint-disable-next-line react/set-state-in-effect
  useEffect(() => setMounted(true), [])
  return mounted
}

/**
 * The Leaflet map, once the browser has taken over and the map or the list beside or under it is
 * in view (a restored scroll position or find-in-page can land in the list past the map, and its
 * "show on map" buttons need the map). On a phone both start below the filter: the map's code
 * loads after hydration, but drawing it (the page's longest task, ~120 ms on a throttled phone)
 * waits until the visitor scrolls there, and someone who only uses the filter never pays for it
 * (ADR 047). On a wide screen it is in view at once.
 */
function MapWhenSeen({ place, ...props }: ComponentProps<typeof LocationsMap> & { place: RefObject<Element | null> }) {
  const { t } = useLingui()
  useEffect(() => {
    // Ready by the time it is scrolled to: the download and the module's evaluation, not the map.
    // A failed download is not an error here: the lazy component imports it again when it draws.
    loadMap().catch(() => {})
  }, [])
  if (!useSeen(place)) return null
  return (
    <Suspense fallback={<p className="locations-map__loading">{t`Kaart wordt geladen…`}</p>}>
      <LocationsMap {...props} />
    </Suspense>
  )
}

/**
 * Needs the map, so it appears with it: the stylesheet shows it only once the map is there
 * (blocks.css), so the cards hydrate as the server sent them and none renders again.
 */
function ShowOnMapButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useLingui()
  const label = t`Toon op kaart`
  // The name in the accessible name only (60 of these in the list): it starts with the visible text.
  return (
    <button type="button" className="show-on-map" aria-label={`${label}: ${name}`} onClick={onClick}>
      {label}
    </button>
  )
}

type PositionState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'denied' } | { kind: 'failed' }

/**
 * "Near me": the browser asks for the position only when this is pressed (never on page load).
 * Needs JavaScript and a browser with geolocation, so it appears after hydration only.
 */
function NearMeButton({ id, onPosition }: { id: string; onPosition: (position: { lat: number; lng: number }) => void }) {
  const { t } = useLingui()
  const [state, setState] = useState<PositionState>({ kind: 'idle' })
  const mounted = useMounted()
  if (!mounted || !('geolocation' in navigator)) return null
  const locate = () => {
    setState({ kind: 'busy' })
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState({ kind: 'idle' })
        onPosition({ lat: position.coords.latitude, lng: position.coords.longitude })
      },
      (error) => setState({ kind: error.code === error.PERMISSION_DENIED ? 'denied' : 'failed' }),
      // A position from the last 10 minutes will do: the URL keeps it only to 0.1° anyway.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    )
  }
  return (
    <div className="locations-filter__near-me">
      <button type="button" className="button button--secondary" onClick={locate} disabled={state.kind === 'busy'} aria-describedby={id}>
        {state.kind === 'busy'
          ? t({ id: 'locations.nearMe.busy', message: 'Locatie bepalen…' })
          : t({ id: 'locations.nearMe', message: 'Dichtstbijzijnde bij mij' })}
      </button>
      <output id={id} className="locations-filter__hint">
        {state.kind === 'denied'
          ? t({
              id: 'locations.nearMe.denied',
              message: 'Uw browser geeft uw locatie niet door. Typ een plaats of postcode.',
            })
          : state.kind === 'failed'
            ? t({ id: 'locations.nearMe.failed', message: 'Uw locatie kon niet worden bepaald. Typ een plaats of postcode.' })
            : null}
      </output>
    </div>
  )
}

/** What the list is sorted by, and a way back to the editors' order. */
function SortLine({ origin, clearSearch }: { origin: SortOrigin; clearSearch: ReturnType<typeof selectionSearch> }) {
  const { t } = useLingui()
  let text: string
  if (origin.kind === 'position') text = t({ id: 'locations.sortedFromPosition', message: 'Gesorteerd op afstand tot uw locatie.' })
  else if (origin.kind === 'place') {
    const place = `${origin.match.address.postalCode} ${origin.match.address.city}`
    text = t({ id: 'locations.sortedFromPlace', message: `Gesorteerd op afstand tot ${place}.` })
  } else {
    const query = origin.query
    text = t({
      id: 'locations.placeNotFound',
      message: `Geen vestiging gevonden bij “${query}”. Probeer de naam van een plaats of een postcode waar wij gevestigd zijn.`,
    })
  }
  return (
    <p className={origin.kind === 'not-found' ? 'locations-sort locations-sort--not-found' : 'locations-sort'}>
      {`${text} `}
      <Link to="." search={clearSearch} replace resetScroll={false}>
        {origin.kind === 'not-found'
          ? t({ id: 'locations.clearPlace', message: 'Zoekterm wissen' })
          : t({ id: 'locations.clearSort', message: 'Sortering wissen' })}
      </Link>
    </p>
  )
}

/** Brand names for the selector, from the logo table (its key when a brand has no logo). */
function brandName(key: string): string {
  return brandLogos[key]?.name ?? key
}

/**
 * Locations by country, type and brand, optionally nearest first: a selector with counts, a
 * server-rendered list that works without JavaScript (a GET form on the page URL, with its
 * submit button either way), each entry linking to its own page, and a Leaflet map once the
 * browser takes over.
 */
export function InteractiveMap({ block }: { block: BlockOf<'InteractiveMap'> }) {
  // The map and the list: the map is drawn once either is in view.
  const mapPlace = useRef<HTMLDivElement>(null)
  const { t, i18n } = useLingui()
  const locale = useCurrentLocale()
  const navigate = useNavigate()
  const { tiles } = rootRoute.useLoaderData()
  const { data: locations } = useSuspenseQuery(cmsQueries.locations(locale))
  const selection = withKnownBrand(parseSelection(useSearch({ strict: false })), locations)
  const [focusedId, setFocusedId] = useState<string | null>(null)

  const countryLabel = (code: string) => {
    const country = countryOf(code)
    return country ? i18n._(countryNames[country]) : code
  }
  const counts = facetCounts(locations, selection)
  const selected = filterLocations(locations, selection)
  const origin = sortOrigin(locations, selection)
  const ordered = orderedLocations(selected, origin)
  const brands = brandsOf(locations).sort((a, b) => byName(brandName(a), brandName(b)))
  // Whole kilometres, at least 1: the position behind it is rounded to about 10 km anyway. The
  // formatter is made on first use: only a list sorted by distance needs it (ADR 046).
  const distanceLabel = (km: number) => {
    const distance = kilometreFormat(locale).format(Math.max(1, km))
    return t({ id: 'locations.distance', message: `${distance} km` })
  }
  const brandTotal = counts.brandTotal

  const select = (next: Selection) => {
    void navigate({ to: '.', search: selectionSearch(next), replace: true, resetScroll: false })
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const field = (name: string) => {
      const value = data.get(name)
      return typeof value === 'string' ? value : undefined
    }
    const next = parseSelection({ country: field('country'), type: field('type'), brand: field('brand'), near: field('near') })
    // An empty place field keeps the position "near me" found.
    select({ ...next, at: next.near ? null : selection.at })
  }

  return (
    <BlockSection id={block.id} type="interactive-map" title={block.title} showTitle={block.showTitle}>
      {block.intro ? <RichText html={block.intro} className="block__intro" /> : null}
      <form className="locations-filter" method="get" onSubmit={onSubmit}>
        <div className="locations-filter__field">
          <label htmlFor={`${block.id}-country`}>
            {t({ message: 'Land', comment: 'Label of the country selector on the locations map (country, not land or region)' })}
          </label>
          <select
            id={`${block.id}-country`}
            name="country"
            value={selection.country?.toLowerCase() ?? ''}
            onChange={(event) => select({ ...selection, country: parseSelection({ country: event.target.value }).country })}
          >
            <option value="">{t`Alle landen (${counts.countryTotal})`}</option>
            {countries.map((country) => (
              <option key={country} value={country.toLowerCase()}>
                {`${i18n._(countryNames[country])} (${counts.country[country]})`}
              </option>
            ))}
          </select>
        </div>
        <div className="locations-filter__field">
          <label htmlFor={`${block.id}-type`}>{t`Type vestiging`}</label>
          <select
            id={`${block.id}-type`}
            name="type"
            value={selection.type ?? ''}
            onChange={(event) => select({ ...selection, type: parseSelection({ type: event.target.value }).type })}
          >
            <option value="">{t`Alle typen`}</option>
            {locationTypes.map((type) => (
              <option key={type} value={type}>
                {`${i18n._(typeNames[type])} (${counts.type[type]})`}
              </option>
            ))}
          </select>
        </div>
        <div className="locations-filter__field">
          <label htmlFor={`${block.id}-brand`}>{t({ id: 'locations.brand', message: 'Merk' })}</label>
          <select
            id={`${block.id}-brand`}
            name="brand"
            value={selection.brand ?? ''}
            onChange={(event) => select({ ...selection, brand: parseSelection({ brand: event.target.value }).brand })}
          >
            <option value="">{t({ id: 'locations.allBrands', message: `Alle merken (${brandTotal})` })}</option>
            {brands.map((brand) => (
              <option key={brand} value={brand}>
                {`${brandName(brand)} (${counts.brand.get(brand) ?? 0})`}
              </option>
            ))}
          </select>
        </div>
        <div className="locations-filter__field locations-filter__field--near">
          <label htmlFor={`${block.id}-near`}>{t({ id: 'locations.near', message: 'Plaats of postcode' })}</label>
          <input
            // A new URL (Back, a cleared search) shows its own place, not what was typed before.
            key={selection.near ?? ''}
            id={`${block.id}-near`}
            name="near"
            type="search"
            defaultValue={selection.near ?? ''}
            autoComplete="postal-code"
            enterKeyHint="search"
            maxLength={100}
            aria-describedby={`${block.id}-near-hint`}
          />
          <span id={`${block.id}-near-hint`} className="locations-filter__hint">
            {t({ id: 'locations.nearHint', message: 'Dichtstbijzijnde eerst, bijv. Utrecht of 3511' })}
          </span>
        </div>
        {selection.at && !selection.near ? <input type="hidden" name="at" value={`${selection.at.lat},${selection.at.lng}`} /> : null}
        <div className="locations-filter__actions">
          {/* Always there: without JavaScript it sends the form; with it, the selects already apply on
              change and the button applies them again (a form needs a visible way to submit). */}
          <button type="submit" className="button">
            {t`Toon vestigingen`}
          </button>
          <NearMeButton
            id={`${block.id}-near-me-status`}
            onPosition={(position) => select({ ...selection, near: null, at: parseAt(atParam(position)) })}
          />
        </div>
      </form>

      <div className="locations-summary" aria-live="polite">
        <p className="locations-summary__total">{totalCountLabel(i18n, selected.length)}</p>
        <ul className="locations-summary__types">
          {locationTypes.map((type) => (
            <li key={type} data-type={type}>
              <TypeIcon type={type} />
              {typeCountLabel(i18n, type, counts.type[type])}
            </li>
          ))}
        </ul>
        {origin ? <SortLine origin={origin} clearSearch={selectionSearch({ ...selection, near: null, at: null })} /> : null}
      </div>

      <div ref={mapPlace} className="locations-layout">
        <section className="locations-map" aria-label={t`Kaart met vestigingen`}>
          <MapWhenSeen
            place={mapPlace}
            locations={selected}
            focusedId={focusedId}
            tiles={{ ...tiles, attribution: localizedAttribution(i18n, tiles.attribution) }}
            locale={locale}
            typeLabel={(type) => i18n._(typeNames[type])}
            directionsLabel={t`Route plannen`}
            detailsLabel={t({ id: 'locations.details', message: 'Openingstijden en details' })}
          />
        </section>
        <ul className="locations-list">
          {ordered.map(({ location, km }) => (
            <li key={location.id} className="location-card" data-type={location.type} data-letter={typeStyle[location.type].letter}>
              <h3>
                <Link to="/$locale/~locations/$slug" params={{ locale, slug: location.id }}>
                  {location.name}
                </Link>
              </h3>
              {/* The type is the card's own text, after its badge, which the stylesheet draws from
                  data-letter; the address breaks its lines by white-space (blocks.css). Six elements a
                  card (seven with a distance), so the unsorted list of 60 stays under 600 nodes with
                  the map (ADR 086, ADR 089). */}
              {i18n._(typeNames[location.type])}
              {km === null ? null : <span className="location-card__distance">{distanceLabel(km)}</span>}
              <address>
                {`${location.address.street}\n${location.address.postalCode} ${location.address.city}\n${countryLabel(location.address.country)}`}
              </address>
              {/* Directions, hours and the rest are on the location's own page (and in the map's popup).
                  In the card itself, not a wrapper: the card's flex row lays them out (blocks.css). */}
              {location.phone ? <a href={`tel:${location.phone.replace(/[^\d+]/g, '')}`}>{location.phone}</a> : null}
              <ShowOnMapButton name={location.name} onClick={() => setFocusedId(location.id)} />
            </li>
          ))}
        </ul>
      </div>
    </BlockSection>
  )
}
