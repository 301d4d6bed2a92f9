import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LocationService } from './services'

export const serviceNames: Record<LocationService, MessageDescriptor> = {
  newCars: msg({ id: 'locationService.newCars', message: 'Nieuwe auto’s' }),
  usedCars: msg({ id: 'locationService.usedCars', message: 'Occasions' }),
  maintenance: msg({ id: 'locationService.maintenance', message: 'Onderhoud' }),
  repairs: msg({ id: 'locationService.repairs', message: 'Reparatie' }),
  tyres: msg({ id: 'locationService.tyres', message: 'Bandenservice' }),
  bodyRepair: msg({ id: 'locationService.bodyRepair', message: 'Schadeherstel' }),
  windscreen: msg({ id: 'locationService.windscreen', message: 'Ruitherstel' }),
  insuranceClaims: msg({ id: 'locationService.insuranceClaims', message: 'Schadeafhandeling met uw verzekeraar' }),
  leasing: msg({ id: 'locationService.leasing', message: 'Private en zakelijke lease' }),
  fleet: msg({ id: 'locationService.fleet', message: 'Wagenparkbeheer' }),
  evCharging: msg({ id: 'locationService.evCharging', message: 'Laadpunten voor elektrische auto’s' }),
}
