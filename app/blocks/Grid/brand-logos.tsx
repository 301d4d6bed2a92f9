/**
 * Brand logos as simple self-made SVG wordmarks (lettering only, not the
 * brands' artwork), referenced by key from the CMS.
 */
interface Wordmark {
  name: string
  text: string
  color: string
  /** Shape behind the lettering. */
  frame: 'none' | 'oval' | 'pill' | 'box'
  weight: 600 | 700 | 800 | 900
  letterSpacing?: number
  italic?: boolean
}

export const brandLogos: Record<string, Wordmark> = {
  audi: { name: 'Audi', text: 'AUDI', color: '#111827', frame: 'none', weight: 800, letterSpacing: 6 },
  bmw: { name: 'BMW', text: 'BMW', color: '#1d4ed8', frame: 'oval', weight: 800, letterSpacing: 4 },
  ford: { name: 'Ford', text: 'Ford', color: '#1e3a8a', frame: 'oval', weight: 700, italic: true },
  toyota: { name: 'Toyota', text: 'TOYOTA', color: '#b91c1c', frame: 'none', weight: 800, letterSpacing: 3 },
  volvo: { name: 'Volvo', text: 'VOLVO', color: '#1e3a5f', frame: 'none', weight: 700, letterSpacing: 8 },
  volkswagen: { name: 'Volkswagen', text: 'Volkswagen', color: '#1e40af', frame: 'none', weight: 700 },
  mercedes: { name: 'Mercedes-Benz', text: 'Mercedes-Benz', color: '#374151', frame: 'none', weight: 600 },
  renault: { name: 'Renault', text: 'RENAULT', color: '#111827', frame: 'box', weight: 800, letterSpacing: 2 },
  peugeot: { name: 'Peugeot', text: 'PEUGEOT', color: '#1f2937', frame: 'none', weight: 700, letterSpacing: 4 },
  skoda: { name: 'Škoda', text: 'ŠKODA', color: '#166534', frame: 'none', weight: 800, letterSpacing: 3 },
  kia: { name: 'Kia', text: 'KIA', color: '#111827', frame: 'none', weight: 900, letterSpacing: 10, italic: true },
  hyundai: { name: 'Hyundai', text: 'HYUNDAI', color: '#1e3a8a', frame: 'none', weight: 800, italic: true },
  opel: { name: 'Opel', text: 'OPEL', color: '#111827', frame: 'pill', weight: 900, letterSpacing: 4 },
  seat: { name: 'SEAT', text: 'SEAT', color: '#b91c1c', frame: 'none', weight: 900, letterSpacing: 5 },
  mazda: { name: 'Mazda', text: 'mazda', color: '#334155', frame: 'none', weight: 700, letterSpacing: 2 },
}

export function BrandLogo({ brand, fallback }: { brand: string; fallback: string }) {
  const logo = brandLogos[brand]
  if (!logo) return <span className="brand-logo brand-logo--text">{fallback}</span>
  const { frame, color } = logo
  return (
    // An inline SVG drawing needs role="img" to be announced as one image with its name; <img> cannot hold it.
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
    <svg className="brand-logo" viewBox="0 0 200 80" role="img" aria-label={logo.name}>
      {frame === 'oval' ? <ellipse cx="100" cy="40" rx="92" ry="32" fill="none" stroke={color} strokeWidth="4" /> : null}
      {frame === 'pill' ? <rect x="10" y="14" width="180" height="52" rx="26" fill="#facc15" /> : null}
      {frame === 'box' ? <rect x="8" y="16" width="184" height="48" fill="none" stroke={color} strokeWidth="4" /> : null}
      <text
        x="100"
        y="41"
        textAnchor="middle"
        dominantBaseline="middle"
        fontFamily="system-ui, 'Segoe UI', Arial, sans-serif"
        fontSize={logo.text.length > 10 ? 19 : logo.text.length > 8 ? 24 : 30}
        fontWeight={logo.weight}
        fontStyle={logo.italic ? 'italic' : 'normal'}
        letterSpacing={logo.letterSpacing ?? 0}
        fill={color}
      >
        {logo.text}
      </text>
    </svg>
  )
}
