import { useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate, useSearch } from '@tanstack/react-router'
import type { ResultOf } from 'gql.tada'
import { lazy, Suspense, useEffect, useState, type ComponentProps, type FormEvent } from 'react'
import { cmsQueries } from '../../cms/queries'
import { RichText } from '../../components/RichText'
import { useCurrentLocale } from '../../i18n/use-locale'
import { BlockSection } from '../BlockSection'
import type { InteractiveMapBlockFragment } from './fragment'
import { countryNames, totalCountLabel, typeCountLabel, typeNames } from './labels'
import {
  countByCountry,
  countByType,
  countries,
  countryOf,
  directionsUrl,
  filterLocations,
  inCountry,
  locationTypes,
  parseSelection,
  selectionSearch,
  type Selection,
} from './locations'
import { TypeIcon } from './TypeIcon'

// Leaflet is its own chunk, requested only by pages with this block, only in the browser.
const LocationsMap = lazy(() => import('./LocationsMap'))

const rootRoute = getRouteApi('__root__')

/**
 * False in the server render and while hydrating, true after the first effects: then only the
 * components that use it (the map and the "show on map" buttons) render again, not the whole list.
 */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false)
  // The one render after hydration is the point: the server and the first client render agree.
  // oxlint-disable-next-line react/set-state-in-effect
  useEffect(() => setMounted(true), [])
  return mounted
}

/** The Leaflet map, once the browser has taken over. */
function MapAfterHydration(props: ComponentProps<typeof LocationsMap>) {
  const { t } = useLingui()
  if (!useMounted()) return null
  return (
    <Suspense fallback={<p className="locations-map__loading">{t`Kaart wordt geladen…`}</p>}>
      <LocationsMap {...props} />
    </Suspense>
  )
}

/** Needs the map, so it appears with it. */
function ShowOnMapButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useLingui()
  if (!useMounted()) return null
  return (
    <button type="button" className="link-button" onClick={onClick}>
      {t`Toon op kaart`}
      <span className="visually-hidden">: {name}</span>
    </button>
  )
}

/**
 * Locations by country and type: a selector with counts, a server-rendered
 * list that works without JavaScript (a GET form on the page URL, with its submit button
 * either way), and a Leaflet map once the browser takes over.
 */
export function InteractiveMap({ block }: { block: ResultOf<typeof InteractiveMapBlockFragment> }) {
  const { t, i18n } = useLingui()
  const locale = useCurrentLocale()
  const navigate = useNavigate({ from: '/$locale/$' })
  const { tiles } = rootRoute.useLoaderData()
  const { data: locations } = useSuspenseQuery(cmsQueries.locations(locale))
  const selection = parseSelection(useSearch({ strict: false }))
  const [focusedId, setFocusedId] = useState<string | null>(null)

  const countryLabel = (code: string) => {
    const country = countryOf(code)
    return country ? i18n._(countryNames[country]) : code
  }
  const perCountry = countByCountry(locations)
  const inSelectedCountry = inCountry(locations, selection.country)
  const perType = countByType(inSelectedCountry)
  const selected = filterLocations(locations, selection)

  const select = (next: Selection) => {
    void navigate({ search: selectionSearch(next), replace: true, resetScroll: false })
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    select(parseSelection({ country: data.get('country') ?? undefined, type: data.get('type') ?? undefined }))
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
            onChange={(event) => select(parseSelection({ country: event.target.value, type: selection.type ?? undefined }))}
          >
            <option value="">{t`Alle landen (${locations.length})`}</option>
            {countries.map((country) => (
              <option key={country} value={country.toLowerCase()}>
                {`${i18n._(countryNames[country])} (${perCountry[country]})`}
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
            onChange={(event) => select(parseSelection({ country: selection.country ?? undefined, type: event.target.value }))}
          >
            <option value="">{t`Alle typen`}</option>
            {locationTypes.map((type) => (
              <option key={type} value={type}>
                {`${i18n._(typeNames[type])} (${perType[type]})`}
              </option>
            ))}
          </select>
        </div>
        {/* Always there: without JavaScript it sends the form; with it, the selects already apply on
            change and the button applies them again (a form needs a visible way to submit). */}
        <button type="submit" className="button">
          {t`Toon vestigingen`}
        </button>
      </form>

      <div className="locations-summary" aria-live="polite">
        <p className="locations-summary__total">{totalCountLabel(i18n, selected.length)}</p>
        <ul className="locations-summary__types">
          {locationTypes.map((type) => (
            <li key={type} data-type={type}>
              <TypeIcon type={type} />
              {typeCountLabel(i18n, type, perType[type])}
            </li>
          ))}
        </ul>
      </div>

      <div className="locations-layout">
        <section className="locations-map" aria-label={t`Kaart met vestigingen`}>
          <MapAfterHydration
            locations={selected}
            focusedId={focusedId}
            tiles={tiles}
            typeLabel={(type) => i18n._(typeNames[type])}
            directionsLabel={t`Route plannen`}
          />
        </section>
        <ul className="locations-list">
          {selected.map((location) => (
            <li key={location.id} className="location-card" data-type={location.type}>
              <h3>{location.name}</h3>
              <p className="location-card__type">
                <TypeIcon type={location.type} />
                {i18n._(typeNames[location.type])}
              </p>
              <address>
                {location.address.street}
                <br />
                {location.address.postalCode} {location.address.city}
                <br />
                {countryLabel(location.address.country)}
              </address>
              <p className="location-card__links">
                {location.phone ? <a href={`tel:${location.phone.replace(/\s+/g, '')}`}>{location.phone}</a> : null}
                <a href={directionsUrl(location)} rel="noopener noreferrer">
                  {t`Route plannen`}
                  <span className="visually-hidden">: {location.name}</span>
                </a>
                <ShowOnMapButton name={location.name} onClick={() => setFocusedId(location.id)} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </BlockSection>
  )
}
