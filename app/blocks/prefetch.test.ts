import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { cmsQueries } from '../cms/queries'
import type { LocationRow } from '../locations/locations'
import { prefetchBlocks } from './prefetch'
import type { BlockElement } from './registry'

const map = (id: string): BlockElement => ({ __typename: 'InteractiveMap', id, title: 'Kaart', showTitle: true, intro: null })
const icons: BlockElement = { __typename: 'Icons', id: 'i', title: 'Diensten', showTitle: true, items: [] }
const locations: LocationRow[] = [
  {
    id: 'utrecht',
    name: 'Horizon Utrecht',
    type: 'dealer',
    brands: [],
    address: { street: 'Stationsplein 12', postalCode: '3511 ED', city: 'Utrecht', country: 'NL' },
    lat: 52.09,
    lng: 5.11,
    phone: null,
  },
]

/** A query client whose locations (nl) are already cached, so no server function runs. */
function clientWithLocations() {
  const queryClient = new QueryClient()
  queryClient.setQueryData(cmsQueries.locations('nl').queryKey, locations)
  return { queryClient, ensure: vi.spyOn(queryClient, 'ensureQueryData') }
}

describe('prefetchBlocks', () => {
  it('a page with maps ensures the locations once and hands the same list to the head', async () => {
    const { queryClient, ensure } = clientWithLocations()
    const head = await prefetchBlocks(queryClient, 'nl', [map('a'), icons, map('b')])
    // The very array the query cache holds: the page's data carries it once, not twice.
    expect(head.locationList).toBe(queryClient.getQueryData(cmsQueries.locations('nl').queryKey))
    expect(ensure).toHaveBeenCalledTimes(1)
  })

  it('a page without blocks that need data asks for nothing and adds nothing', async () => {
    const { queryClient, ensure } = clientWithLocations()
    expect(await prefetchBlocks(queryClient, 'nl', [icons])).toEqual({})
    expect(await prefetchBlocks(queryClient, 'nl', [])).toEqual({})
    expect(ensure).not.toHaveBeenCalled()
  })
})
