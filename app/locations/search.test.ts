import { describe, expect, it } from 'vitest'
import { blockSearch } from './search'

describe('blockSearch', () => {
  it('keeps the map filters and the preselected location, as the router parsed them', () => {
    expect(blockSearch({ country: 'nl', near: 3512, location: 'utrecht-dealer', utm_source: 'x' })).toEqual({
      country: 'nl',
      near: 3512,
      location: 'utrecht-dealer',
    })
    // An id of digits only is a number to the router: kept, so the page (and its cache key) has it.
    expect(blockSearch({ location: 2000 })).toEqual({ location: 2000 })
    expect(blockSearch({ location: 1.5 })).toEqual({})
    expect(blockSearch({ location: ['a', 'b'] })).toEqual({})
  })
})
