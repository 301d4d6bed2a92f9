/**
 * Brand logos as simple self-made wordmarks (lettering only, not the brands' artwork), referenced
 * by key from the CMS. HTML text on a CSS frame, not SVG: fifteen SVG `<text>` wordmarks were a
 * quarter of the home page's layout work on a phone (ADR 090).
 */
import type { CSSProperties } from 'react'

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

/** The lettering's size class: a longer name is set smaller, so every wordmark fills its box alike (blocks.css). */
function lengthClass(text: string): 'short' | 'medium' | 'long' {
  return text.length > 10 ? 'long' : text.length > 8 ? 'medium' : 'short'
}

export function BrandLogo({ brand, fallback }: { brand: string; fallback: string }) {
  const logo = brandLogos[brand]
  if (!logo) return <span className="brand-logo brand-logo--text">{fallback}</span>
  const style: CSSProperties = {
    color: logo.color,
    fontWeight: logo.weight,
    fontStyle: logo.italic ? 'italic' : undefined,
    // In ems, so the spacing follows the lettering's size (the SVG's units at its size of 30).
    letterSpacing: logo.letterSpacing ? `${(logo.letterSpacing / 30).toFixed(3)}em` : undefined,
  }
  return (
    <span
      className={`brand-logo brand-logo--${logo.frame} brand-logo--${lengthClass(logo.text)}`}
      // One image with the brand's name for assistive technology; the lettering is its picture.
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="img"
      aria-label={logo.name}
      style={style}
    >
      {logo.text}
    </span>
  )
}
