import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import type { Country, LocationType } from './locations'

/** Country names from the catalogs (the same text on server and browser, unlike Intl.DisplayNames). */
export const countryNames: Record<Country, MessageDescriptor> = {
  NL: msg({ id: 'country.NL', message: 'Nederland' }),
  BE: msg({ id: 'country.BE', message: 'België' }),
  DE: msg({ id: 'country.DE', message: 'Duitsland' }),
  FR: msg({ id: 'country.FR', message: 'Frankrijk' }),
  LU: msg({ id: 'country.LU', message: 'Luxemburg' }),
  GB: msg({ id: 'country.GB', message: 'Verenigd Koninkrijk' }),
  DK: msg({ id: 'country.DK', message: 'Denemarken' }),
}

// A module of their own: a location page's loader (in the entry chunk) titles the page with them.
export { typeNames } from './type-names'

/** "1 dealer" / "12 dealers", with each language's plural rules (ICU plural in the catalogs). */
export function typeCountLabel(i18n: I18n, type: LocationType, count: number): string {
  switch (type) {
    case 'dealer':
      return i18n._(msg({ id: 'locationCount.dealer', message: plural(count, { one: '# dealer', other: '# dealers' }) }))
    case 'carbodyrepairshop':
      return i18n._(
        msg({
          id: 'locationCount.carbodyrepairshop',
          message: plural(count, { one: '# schadeherstelbedrijf', other: '# schadeherstelbedrijven' }),
        }),
      )
    case 'leaselocation':
      return i18n._(msg({ id: 'locationCount.leaselocation', message: plural(count, { one: '# leaselocatie', other: '# leaselocaties' }) }))
    case 'otherlocation':
      return i18n._(
        msg({ id: 'locationCount.otherlocation', message: plural(count, { one: '# overige locatie', other: '# overige locaties' }) }),
      )
  }
}

export function totalCountLabel(i18n: I18n, count: number): string {
  return i18n._(msg({ id: 'locationCount.total', message: plural(count, { one: '# vestiging', other: '# vestigingen' }) }))
}
