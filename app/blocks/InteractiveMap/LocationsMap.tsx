import L from 'leaflet'
import 'leaflet/dist/leaflet.css'
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css'
import { startTransition, useEffect, useMemo, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet'
import MarkerClusterGroup from 'react-leaflet-cluster'
import type {} from 'leaflet.markercluster'
import type { Locale } from '../../../app.config'
import { directionsUrl, type LocationRow, type LocationType } from '../../locations/locations'
import { typeStyle } from './TypeIcon'

export interface TileSettings {
  url: string
  attribution: string
}

interface Props {
  locations: ReadonlyArray<LocationRow>
  focusedId: string | null
  tiles: TileSettings
  locale: Locale
  typeLabel: (type: LocationType) => string
  directionsLabel: string
  /** Text of the popup's link to the location's own page. */
  detailsLabel: string
}

function markerIcon(type: LocationType): L.DivIcon {
  const { color, letter } = typeStyle[type]
  return L.divIcon({
    className: 'location-marker',
    html: `<span style="background:${color}" aria-hidden="true">${letter}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    popupAnchor: [0, -14],
  })
}

const fitOptions: L.FitBoundsOptions = { padding: [30, 30], maxZoom: 12 }

/**
 * One position array per location row, kept: react-leaflet moves a marker whenever its `position`
 * is a new array, and the cluster group takes a moved marker out and puts it back, a new element.
 * Every render of the map did that to all 60 markers, and the marker that had just been given
 * keyboard focus lost it.
 */
const positions = new WeakMap<LocationRow, L.LatLngTuple>()
function positionOf(location: LocationRow): L.LatLngTuple {
  let position = positions.get(location)
  if (!position) {
    position = [location.lat, location.lng]
    positions.set(location, position)
  }
  return position
}

function boundsOf(locations: ReadonlyArray<LocationRow>): L.LatLngBounds | undefined {
  return locations.length ? L.latLngBounds(locations.map((l) => [l.lat, l.lng])) : undefined
}

/**
 * Fits the view to the selected locations whenever the selection changes (the map starts
 * fitted, so the first selection needs no move).
 */
function FitToLocations({ locations }: { locations: ReadonlyArray<LocationRow> }) {
  const map = useMap()
  const initial = useRef(locations)
  useEffect(() => {
    if (locations === initial.current) return
    initial.current = []
    const bounds = boundsOf(locations)
    if (bounds) map.fitBounds(bounds, fitOptions)
  }, [map, locations])
  return null
}

/**
 * Moves to a location chosen in the list (opening its cluster if needed),
 * opens its popup and moves keyboard focus to its marker.
 */
function FocusLocation({
  markers,
  clusters,
  focusedId,
}: {
  markers: { current: Map<string, L.Marker> }
  clusters: { current: L.MarkerClusterGroup | null }
  focusedId: string | null
}) {
  const map = useMap()
  useEffect(() => {
    if (!focusedId) return
    const marker = markers.current.get(focusedId)
    const group = clusters.current
    // A location chosen while the map was still loading waits for its marker to join the clusters.
    if (!marker || !group || !group.hasLayer(marker)) return
    group.zoomToShowLayer(marker, () => {
      marker.openPopup()
      // After the zoom animation has placed the marker: focus it (else the map itself).
      requestAnimationFrame(() => (marker.getElement() ?? map.getContainer()).focus())
    })
  }, [map, markers, clusters, focusedId])
  return null
}

/** Cluster badges in the brand colours, 40 px, white on navy (contrast and target size). */
function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount()
  return L.divIcon({
    className: 'location-cluster',
    html: `<span>${count}</span>`,
    iconSize: [40, 40],
  })
}

export default function LocationsMap({ locations, focusedId, tiles, locale, typeLabel, directionsLabel, detailsLabel }: Props) {
  const markers = useRef(new Map<string, L.Marker>())
  const clusters = useRef<L.MarkerClusterGroup | null>(null)
  const icons = useMemo(
    () => ({
      dealer: markerIcon('dealer'),
      carbodyrepairshop: markerIcon('carbodyrepairshop'),
      leaselocation: markerIcon('leaselocation'),
      otherlocation: markerIcon('otherlocation'),
    }),
    [],
  )
  // Created with its final view: no zoom animation and no tiles of a first, wider view.
  const [initialBounds] = useState(() => boundsOf(locations))
  // The markers join a task after the map: the map, its tiles and 60 markers with their popups
  // in one commit were the longest task of the locations page on a phone (ADR 088).
  const [withMarkers, setWithMarkers] = useState(false)
  useEffect(() => {
    const later = setTimeout(() => startTransition(() => setWithMarkers(true)), 0)
    return () => clearTimeout(later)
  }, [])
  return (
    <MapContainer
      {...(initialBounds ? { bounds: initialBounds, boundsOptions: fitOptions } : { center: [51.5, 6], zoom: 5 })}
      scrollWheelZoom={false}
      className="locations-map__canvas"
      keyboard
    >
      {/* On high-density screens: four half-size tiles of the next zoom level per tile, so the map stays sharp. */}
      <TileLayer url={tiles.url} attribution={tiles.attribution} detectRetina />
      <FitToLocations locations={locations} />
      {/* Nearby markers merge into one badge, so every target keeps its size and spacing (WCAG 2.5.8). */}
      {withMarkers ? (
        <MarkerClusterGroup ref={clusters} iconCreateFunction={clusterIcon} showCoverageOnHover={false} maxClusterRadius={48}>
          {locations.map((location) => (
            <Marker
              key={location.id}
              position={positionOf(location)}
              icon={icons[location.type]}
              title={`${location.name} (${typeLabel(location.type)})`}
              alt={`${location.name} (${typeLabel(location.type)})`}
              keyboard
              ref={(marker) => {
                if (marker) markers.current.set(location.id, marker)
                else markers.current.delete(location.id)
              }}
            >
              <Popup>
                <strong>{location.name}</strong>
                <br />
                {typeLabel(location.type)}
                <br />
                {location.address.street}, {location.address.postalCode} {location.address.city}
                {location.phone ? (
                  <>
                    <br />
                    <a href={`tel:${location.phone.replace(/[^\d+]/g, '')}`}>{location.phone}</a>
                  </>
                ) : null}
                <br />
                <Link to="/$locale/~locations/$slug" params={{ locale, slug: location.id }}>
                  {detailsLabel}
                </Link>
                <br />
                <a href={directionsUrl(location)} rel="noopener noreferrer">
                  {directionsLabel}
                </a>
              </Popup>
            </Marker>
          ))}
        </MarkerClusterGroup>
      ) : null}
      {/* After the clusters, and with them: its effect runs once the markers have added themselves. */}
      {withMarkers ? <FocusLocation markers={markers} clusters={clusters} focusedId={focusedId} /> : null}
    </MapContainer>
  )
}
