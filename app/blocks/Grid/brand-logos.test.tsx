// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BrandLogo } from './brand-logos'

afterEach(cleanup)

describe('BrandLogo', () => {
  it.each([
    ['audi', 'Audi'],
    ['bmw', 'BMW'],
    ['ford', 'Ford'],
    ['toyota', 'Toyota'],
    ['volvo', 'Volvo'],
    ['volkswagen', 'Volkswagen'],
    ['mercedes', 'Mercedes-Benz'],
    ['renault', 'Renault'],
    ['peugeot', 'Peugeot'],
    ['skoda', 'Škoda'],
    ['kia', 'Kia'],
    ['hyundai', 'Hyundai'],
    ['opel', 'Opel'],
    ['seat', 'SEAT'],
    ['mazda', 'Mazda'],
  ])('%s: a wordmark named %s for assistive technology, in HTML text', (key, name) => {
    const { container } = render(<BrandLogo brand={key} fallback="Fallback" />)
    const logo = screen.getByRole('img', { name })
    // Text, not an SVG <text>: the SVG wordmarks were a quarter of the home page's layout (ADR 090).
    expect(container.querySelector('svg')).toBeNull()
    expect(logo.textContent?.toLowerCase()).toBe(name.toLowerCase())
    expect(logo.className).toMatch(/^brand-logo brand-logo--(none|oval|pill|box) brand-logo--(short|medium|long)$/)
    expect(container.textContent).not.toContain('Fallback')
  })

  it('an unknown key shows the title as text', () => {
    const { container } = render(<BrandLogo brand="lada" fallback="Lada" />)
    expect(screen.queryByRole('img')).toBeNull()
    expect(container.querySelector('svg')).toBeNull()
    expect(container.textContent).toBe('Lada')
  })
})
