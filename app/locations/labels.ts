import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LocationService } from './services'
import { osmAttribution } from './static-map'

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

const osmContributors = msg({
  id: 'map.attribution.osm',
  comment: 'Map credit required by OpenStreetMap; {name} is the linked name "OpenStreetMap". As on openstreetmap.org in your language.',
  message: '© {name}-bijdragers',
})

/**
 * The tile server's attribution in the page's language: OpenStreetMap's (the default) is
 * translated around its name and link; another server's is shown as configured.
 */
export function localizedAttribution(i18n: I18n, attribution: string): string {
  if (attribution !== osmAttribution) return attribution
  return i18n._({ ...osmContributors, values: { name: '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' } })
}
