import { useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { ResultOf } from 'gql.tada'
import type { Locale } from '../../../app.config'
import { BrandLogo } from '../../blocks/Grid/brand-logos'
import { countryNames, typeNames } from '../../locations/type-labels'
import { countryOf, directionsUrl } from '../../locations/locations'
import { TypeIcon } from '../../blocks/InteractiveMap/TypeIcon'
import type { LocationQuery } from '../../cms/documents'
import { linkTargetFor } from '../../i18n/link-target'
import { serviceNames } from '../../locations/labels'
import { isLocationService } from '../../locations/services'
import { Breadcrumbs, type Crumb } from '../Breadcrumbs'
import { currentPageOnly } from '../current-page'
import type { HoursView } from '../../locations/hours-view'
import { HoursTable, OpenStatusLine } from './OpenStatus'
import { StaticMap } from './StaticMap'
import { useMinuteClock } from './use-minute-clock'

export type LocationData = NonNullable<ResultOf<typeof LocationQuery>['readOneLocation']>

const rootRoute = getRouteApi('__root__')

/** `tel:` wants the number without spaces or punctuation other than a leading +. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/** A website's host for its link text; the address itself when it is not a URL (whatever a CMS sends). */
function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/** The contact page with this location chosen (the form reads `?location=`), as a typed link. */
function ContactLink({ contactPage, id, children }: { contactPage: string; id: string; children: string }) {
  const target = linkTargetFor(contactPage)
  if (!target) return null
  return target.to === '/$locale/$' ? (
    <Link to={target.to} params={target.params} search={{ location: id }} className="button button--secondary">
      {children}
    </Link>
  ) : (
    <Link to={target.to} params={target.params} className="button button--secondary">
      {children}
    </Link>
  )
}

export function LocationPage({
  locale,
  location,
  contactPage,
  hours,
  renderedAt,
  breadcrumbs,
}: {
  locale: Locale
  location: LocationData
  contactPage: string | null
  hours: HoursView
  renderedAt: number
  breadcrumbs: ReadonlyArray<Crumb>
}) {
  const { t, i18n } = useLingui()
  const { tiles } = rootRoute.useLoaderData()
  const now = useMinuteClock(renderedAt)
  const country = countryOf(location.address.country)
  const services = location.services.filter(isLocationService)
  const hasHours = hours.schedule.some((day) => day.length > 0)
  const hoursTitle = t({ id: 'location.hours.title', message: 'Openingstijden' })
  const { name } = location
  const { street, city } = location.address
  return (
    <article className="content-section location-page" data-type={location.type}>
      <Breadcrumbs items={breadcrumbs} />
      <header className="location-page__header">
        <p className="location-page__type">
          <TypeIcon type={location.type} />
          {i18n._(typeNames[location.type])}
        </p>
        <h1>{location.name}</h1>
        <OpenStatusLine hours={hours} now={now} />
      </header>

      {/* Two columns on wide screens (contact and map | hours, services and brands); one on a phone,
          where the hours come right after the contact details (blocks.css). */}
      <div className="location-page__grid">
        <div className="location-page__column">
          <section className="location-page__section location-page__contact" aria-labelledby="location-contact">
            <h2 id="location-contact">{t({ id: 'location.contact.title', message: 'Adres en contact' })}</h2>
            <address>
              {location.address.street}
              <br />
              {`${location.address.postalCode} ${location.address.city}`}
              <br />
              {country ? i18n._(countryNames[country]) : location.address.country}
            </address>
            <dl className="location-page__channels">
              {location.phone ? (
                <div>
                  <dt>{t({ id: 'location.contact.phone', message: 'Telefoon' })}</dt>
                  <dd>
                    <a href={telHref(location.phone)}>{location.phone}</a>
                  </dd>
                </div>
              ) : null}
              {location.email ? (
                <div>
                  <dt>{t({ id: 'location.contact.email', message: 'E-mail' })}</dt>
                  <dd>
                    <a href={`mailto:${location.email}`}>{location.email}</a>
                  </dd>
                </div>
              ) : null}
              {location.website ? (
                <div>
                  <dt>{t({ id: 'location.contact.website', message: 'Website' })}</dt>
                  <dd>
                    <a href={location.website} rel="noopener noreferrer">
                      {hostOf(location.website)}
                    </a>
                  </dd>
                </div>
              ) : null}
            </dl>
            <p className="location-page__actions">
              <a className="button" href={directionsUrl(location)} rel="noopener noreferrer">
                {t({ id: 'location.directions', message: 'Route plannen' })}
              </a>
              {contactPage ? (
                <ContactLink contactPage={contactPage} id={location.id}>
                  {t({ id: 'location.contactUs', message: 'Contact opnemen' })}
                </ContactLink>
              ) : null}
            </p>
          </section>

          <section className="location-page__section location-page__map" aria-labelledby="location-map">
            <h2 id="location-map">{t({ id: 'location.map.title', message: 'Op de kaart' })}</h2>
            <StaticMap
              lat={location.lat}
              lng={location.lng}
              tiles={tiles}
              label={t({
                id: 'location.map.label',
                message: `Kaart van de omgeving van ${name}, ${street} in ${city}`,
              })}
            />
            <p className="location-page__map-links">
              <a href={directionsUrl(location)} rel="noopener noreferrer">
                {t({ id: 'location.directions', message: 'Route plannen' })}
              </a>
              <a
                href={`https://www.openstreetmap.org/?mlat=${location.lat}&mlon=${location.lng}#map=17/${location.lat}/${location.lng}`}
                rel="noopener noreferrer"
              >
                {t({ id: 'location.map.larger', message: 'Grotere kaart' })}
              </a>
            </p>
          </section>
        </div>
        <div className="location-page__column">
          <section className="location-page__section location-page__hours" aria-labelledby="location-hours">
            <h2 id="location-hours">{hoursTitle}</h2>
            {hasHours ? (
              <>
                <HoursTable hours={hours} now={now} caption={hoursTitle} />
                <p className="location-page__note">
                  {t({ id: 'location.hours.localTime', message: 'Alle tijden in de lokale tijd van de vestiging.' })}
                </p>
              </>
            ) : (
              <p>{t({ id: 'location.hours.none', message: 'Op afspraak: neem contact met ons op.' })}</p>
            )}
          </section>

          {services.length ? (
            <section className="location-page__section location-page__services" aria-labelledby="location-services">
              <h2 id="location-services">{t({ id: 'location.services.title', message: 'Diensten' })}</h2>
              <ul className="service-list">
                {services.map((service) => (
                  <li key={service}>{i18n._(serviceNames[service])}</li>
                ))}
              </ul>
            </section>
          ) : null}

          {location.brands.length ? (
            <section className="location-page__section location-page__brands" aria-labelledby="location-brands">
              <h2 id="location-brands">{t({ id: 'location.brands.title', message: 'Merken' })}</h2>
              <ul className="brand-list">
                {location.brands.map((brand) => (
                  <li key={brand}>
                    <BrandLogo brand={brand} fallback={brand} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>

      <p className="location-page__back">
        <Link activeOptions={currentPageOnly} to="/$locale/~locations" params={{ locale }} className="back-link">
          {t({ id: 'location.back', message: 'Alle vestigingen' })}
        </Link>
      </p>
    </article>
  )
}
