import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { applyConsent, readConsent, storeConsent, type ConsentChoice } from '../client-runtime/consent'
import { useCurrentLocale } from '../i18n/use-locale'
import { currentPageOnly } from './current-page'

interface Props {
  gtm: { id: string; scriptUrl: string } | undefined
}

/**
 * Asks once for consent to analytics cookies; nothing third-party loads before a yes.
 * The server renders the banner for everyone (a page is the same for every visitor); a
 * visitor who already chose has it hidden by CSS from the first paint (consentMarkerScript)
 * and removed here once the cookie is read.
 */
export function ConsentBanner({ gtm }: Props) {
  const { t } = useLingui()
  const locale = useCurrentLocale()
  const [choice, setChoice] = useState<ConsentChoice | undefined>(undefined)
  // The cookie is read once the page has hydrated: the server rendered the banner for everyone.
  // oxlint-disable-next-line react/set-state-in-effect
  useEffect(() => setChoice(readConsent()), [])
  if (choice) return null

  const choose = (next: ConsentChoice) => {
    storeConsent(next)
    applyConsent(next, gtm)
    setChoice(next)
  }

  return (
    <>
      {/* Room at the end of the page, so the fixed banner never hides the last content (e.g. a submit button). */}
      <div className="consent-banner-spacer" aria-hidden="true" />
      <section className="consent-banner" aria-labelledby="consent-title">
        <div className="consent-banner__inner">
          <div>
            <h2 id="consent-title">{t`Cookies op deze website`}</h2>
            <p>
              {t`Wij gebruiken analytische cookies om onze website te verbeteren, alleen als u daarmee instemt.`}{' '}
              <Link activeOptions={currentPageOnly} to="/$locale/~cookie-policy" params={{ locale }}>
                {t`Lees ons cookiebeleid`}
              </Link>
            </p>
          </div>
          <div className="consent-banner__actions">
            <button type="button" className="button button--secondary" onClick={() => choose('denied')}>
              {t({ message: 'Weigeren', comment: 'Cookie banner button: refuse optional cookies (the other button accepts them)' })}
            </button>
            <button type="button" className="button" onClick={() => choose('granted')}>
              {t`Accepteren`}
            </button>
          </div>
        </div>
      </section>
    </>
  )
}
