import { describe, expect, it, vi } from 'vitest'
import { madeOnce } from './made-once'

describe('madeOnce', () => {
  it('makes a value once per key and hands out that one after', () => {
    const make = vi.fn((key: string) => ({ key }))
    const get = madeOnce(make)
    const nl = get('nl')
    expect(get('nl')).toBe(nl)
    expect(get('de')).toEqual({ key: 'de' })
    expect(make).toHaveBeenCalledTimes(2)
  })

  it('keeps a false answer too', () => {
    const make = vi.fn((zone: string) => zone.includes('/'))
    const valid = madeOnce(make)
    expect(valid('Nowhere')).toBe(false)
    expect(valid('Nowhere')).toBe(false)
    expect(make).toHaveBeenCalledTimes(1)
  })
})
