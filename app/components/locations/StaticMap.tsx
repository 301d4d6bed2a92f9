import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { localizedAttribution } from '../../locations/labels'
import { attributionParts, tilesAround, tileSize } from '../../locations/static-map'

/** Street level: the location's surroundings, a few streets either way. */
const zoom = 15

/**
 * A map image without JavaScript: the tiles around the location (from the locations map's tile
 * server, which the CSP's img-src allows) with a pin in the middle, cropped by its frame. The
 * frame is at most 640 × 280 CSS pixels; the tiles for that size are always there.
 *
 * When a tile cannot be loaded (tile server down, blocked), the map gives way to a plain line
 * saying so; the address and the directions link are the page's, next to it. Without
 * JavaScript, the stylesheet covers a broken tile with the frame's plain background.
 */
export function StaticMap({
  lat,
  lng,
  label,
  tiles,
}: {
  lat: number
  lng: number
  label: string
  tiles: { url: string; attribution: string }
}) {
  const { t, i18n } = useLingui()
  const frame = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)
  // A tile that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const images = frame.current?.querySelectorAll('img') ?? []
    if ([...images].some((image) => image.complete && image.naturalWidth === 0)) setFailed(true)
  }, [])

  if (failed) {
    return (
      <p className="static-map static-map--unavailable">
        {t({ id: 'location.map.unavailable', message: 'De kaart kan nu niet worden geladen.' })}
      </p>
    )
  }
  const placed = tilesAround(tiles.url, { lat, lng }, zoom, 320, 140)
  return (
    <figure className="static-map">
      {/* One image to assistive technology: the tiles are its parts, not images of their own. */}
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
      <div className="static-map__frame" role="img" aria-label={label} ref={frame}>
        {placed.map((tile) => (
          <img
            key={tile.url}
            className="static-map__tile"
            src={tile.url}
            alt=""
            width={tileSize}
            height={tileSize}
            loading="lazy"
            decoding="async"
            draggable={false}
            onError={() => setFailed(true)}
            style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }}
          />
        ))}
        <span className="static-map__pin" aria-hidden="true" />
      </div>
      <figcaption className="static-map__attribution">
        {attributionParts(localizedAttribution(i18n, tiles.attribution)).map((part, index) =>
          part.href ? (
            <a key={index} href={part.href} rel="noopener noreferrer">
              {part.text}
            </a>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </figcaption>
    </figure>
  )
}
