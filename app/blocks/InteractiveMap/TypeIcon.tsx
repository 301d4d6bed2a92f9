import type { LocationType } from '../../locations/locations'

/** Per-type colour and letter: distinct without relying on colour alone. */
export const typeStyle: Record<LocationType, { color: string; letter: string }> = {
  dealer: { color: '#0b2545', letter: 'D' },
  carbodyrepairshop: { color: '#b91c1c', letter: 'S' },
  leaselocation: { color: '#15803d', letter: 'L' },
  otherlocation: { color: '#6d28d9', letter: 'O' },
}

/**
 * A round badge with the type's letter; its colour comes from the stylesheet by the `data-type`
 * of the element around it (blocks.css), so 60 list entries carry a short span rather than 60
 * SVG drawings.
 */
export function TypeIcon({ type }: { type: LocationType }) {
  return (
    <span className="type-icon" aria-hidden="true">
      {typeStyle[type].letter}
    </span>
  )
}
