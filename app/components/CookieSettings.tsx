import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { chooseConsent, reopenConsent } from '../client-runtime/consent'
import { useCurrentLocale } from '../i18n/use-locale'
import { choiceLabel, ConsentButtons } from './consent-parts'
import { useAnalyticsConfigured, useConsent } from './use-consent'

/** Where the no-JavaScript "Cookie settings" link of the footer leads (the cookie policy's section). */
export const cookieSettingsId = 'cookie-settings'

/**
 * The footer's "Cookie settings" (a list item of its menu): a button that opens the consent
 * banner again. Before the page runs (no JavaScript, or while it hydrates) it is a link to the
 * cookie policy's settings, where the choice is explained. Absent when no analytics is
 * configured: there is nothing to choose.
 */
export function CookieSettingsMenuItem() {
  const { t } = useLingui()
  const locale = useCurrentLocale()
  const enabled = useAnalyticsConfigured()
  const consent = useConsent()
  if (!enabled) return null
  const label = t({ message: 'Cookie-instellingen', comment: 'Footer: opens the cookie banner again to change the choice' })
  return (
    <li>
      {consent.known ? (
        <button
          type="button"
          className="link-button"
          onClick={(event) => {
            // Safari does not focus a clicked button: the banner hands the focus back to it when it closes.
            event.currentTarget.focus()
            reopenConsent()
          }}
        >
          {label}
        </button>
      ) : (
        <Link to="/$locale/~cookie-policy" params={{ locale }} hash={cookieSettingsId}>
          {label}
        </Link>
      )}
    </li>
  )
}

/**
 * The cookie policy's own settings (after the CMS text): the current choice and both answers,
 * or, without analytics configured, that none is used. The choice is this browser's, so it is
 * shown once the page runs; the server's page (shared by every visitor) says how to change it.
 */
export function CookieSettings() {
  const { t, i18n } = useLingui()
  const enabled = useAnalyticsConfigured()
  const consent = useConsent()
  return (
    <section id={cookieSettingsId} className="cookie-settings" aria-labelledby="cookie-settings-title">
      <h2 id="cookie-settings-title">{t`Uw cookie-instellingen`}</h2>
      {!enabled ? (
        <p>{t`Deze website gebruikt op dit moment geen analytische cookies. Er wordt niets gemeten, dus er is ook niets te kiezen.`}</p>
      ) : !consent.known ? (
        <p>{t`Uw keuze verschijnt hier zodra de pagina geladen is. Zonder JavaScript laadt deze website geen analytische cookies.`}</p>
      ) : (
        <>
          {/* A status (read out when a choice here or in the banner changes it). */}
          <p>
            <output className="cookie-settings__status">{i18n._(choiceLabel(consent.choice))}</output>
          </p>
          <ConsentButtons className="cookie-settings__actions" onChoose={chooseConsent} />
        </>
      )}
    </section>
  )
}
