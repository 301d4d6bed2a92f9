import type { LocationType } from './locations'

/** Per-type colour and letter: distinct without relying on colour alone. */
export const typeStyle: Record<LocationType, { color: string; letter: string }> = {
  dealer: { color: '#0b2545', letter: 'D' },
  carbodyrepairshop: { color: '#b91c1c', letter: 'S' },
  leaselocation: { color: '#15803d', letter: 'L' },
  otherlocation: { color: '#6d28d9', letter: 'O' },
}

export function TypeIcon({ type }: { type: LocationType }) {
  const { color, letter } = typeStyle[type]
  return (
    <svg className="type-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill={color} />
      <text x="10" y="14" textAnchor="middle" fontSize="11" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {letter}
      </text>
    </svg>
  )
}
