// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Icon } from './icon-set'

afterEach(cleanup)

describe('Icon', () => {
  it.each(['car', 'wrench', 'key', 'leaf', 'shield', 'map-pin', 'phone', 'euro', 'users', 'clock', 'star', 'handshake'])(
    '%s: a decorative drawn icon',
    (name) => {
      const { container } = render(<Icon name={name} />)
      const svg = container.querySelector('svg')
      expect(svg?.getAttribute('aria-hidden')).toBe('true')
      expect(svg?.querySelector('path')?.getAttribute('d')).toBeTruthy()
      expect(svg?.querySelector('circle')).toBeNull()
    },
  )

  it('icons differ from each other', () => {
    const ds = ['car', 'wrench', 'key', 'leaf', 'shield', 'map-pin', 'phone', 'euro', 'users', 'clock', 'star', 'handshake'].map((name) => {
      const { container } = render(<Icon name={name} />)
      return container.querySelector('path')?.getAttribute('d')
    })
    expect(new Set(ds).size).toBe(ds.length)
  })

  it('an unknown key falls back to a neutral dot', () => {
    const { container } = render(<Icon name="rocket" />)
    const svg = container.querySelector('svg')
    expect(svg?.getAttribute('aria-hidden')).toBe('true')
    expect(svg?.querySelector('path')).toBeNull()
    expect(svg?.querySelector('circle')).not.toBeNull()
  })
})
