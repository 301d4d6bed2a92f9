import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LocationType } from './locations'

/** Each kind of location's name, as the list, the map and a location's page and title say it. */
export const typeNames: Record<LocationType, MessageDescriptor> = {
  dealer: msg({ id: 'locationType.dealer', message: 'Dealer' }),
  carbodyrepairshop: msg({ id: 'locationType.carbodyrepairshop', message: 'Schadeherstel' }),
  leaselocation: msg({ id: 'locationType.leaselocation', message: 'Leaselocatie' }),
  otherlocation: msg({ id: 'locationType.otherlocation', message: 'Overige locatie' }),
}
