import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { bannerShown, chooseConsent, closeConsent, type ConsentChoice } from '../client-runtime/consent'
import { useCurrentLocale } from '../i18n/use-locale'
import { choiceLabel, ConsentButtons } from './consent-parts'
import { currentPageOnly } from './current-page'
import { useConsent } from './use-consent'

interface Props {
  /** Analytics is configured (GTM_ID): without it there is nothing to ask. */
  enabled: boolean
}

/**
 * Asks once for consent to analytics cookies; nothing third-party loads before a yes.
 * The server renders the banner for everyone (a page is the same for every visitor); a
 * visitor who already chose has it hidden by CSS from the first paint (consentMarkerScript)
 * and removed here once the cookie is read. "Cookie settings" (footer, cookie policy) opens it
 * again: it then says the current choice, takes the focus, and closes with Escape or its close
 * button, handing the focus back.
 */
export function ConsentBanner({ enabled }: Props) {
  const { t, i18n } = useLingui()
  const locale = useCurrentLocale()
  const consent = useConsent()
  const heading = useRef<HTMLHeadingElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  // Where the focus came from when it moved into a first-visit banner (Tab from the page).
  const before = useRef<HTMLElement | null>(null)
  const section = useRef<HTMLElement>(null)

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const banner = section.current
      const from = event.relatedTarget
      if (!banner || !(event.target instanceof Node) || !banner.contains(event.target)) return
      if (from instanceof HTMLElement && !banner.contains(from)) before.current = from
    }
    document.addEventListener('focusin', onFocusIn)
    return () => document.removeEventListener('focusin', onFocusIn)
  }, [])

  useEffect(() => {
    if (!consent.reopened) return
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    heading.current?.focus()
    // Escape closes it again (the choice stays), wherever the focus is.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      closeConsent()
      if (opener.current?.isConnected) opener.current.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [consent.reopened])

  if (!enabled || !bannerShown(consent)) return null
  const reopened = consent.reopened

  const done = (choice: ConsentChoice | undefined) => {
    if (choice) chooseConsent(choice)
    else closeConsent()
    // Back where the visitor was: the banner goes away under the focus, which would drop to
    // <body> and send a keyboard user back to the top of the tab order. Without a known place
    // to return to, the main content takes it (without scrolling: the visitor stays put).
    const back = reopened ? opener.current : before.current
    if (back?.isConnected) back.focus()
    else document.getElementById('main')?.focus({ preventScroll: true })
  }

  return (
    <>
      {/* Room at the end of the page, so the fixed banner never hides the last content (e.g. a submit button). */}
      <div className={`consent-banner-spacer${reopened ? ' consent-banner-spacer--reopened' : ''}`} aria-hidden="true" />
      <section className={`consent-banner${reopened ? ' consent-banner--reopened' : ''}`} aria-labelledby="consent-title" ref={section}>
        <div className="consent-banner__inner">
          <div className="consent-banner__text">
            <h2 id="consent-title" ref={heading} tabIndex={-1}>
              {t`Cookies op deze website`}
            </h2>
            <p>
              {t`Wij gebruiken analytische cookies om onze website te verbeteren, alleen als u daarmee instemt.`}{' '}
              <Link activeOptions={currentPageOnly} to="/$locale/~cookie-policy" params={{ locale }}>
                {t`Lees ons cookiebeleid`}
              </Link>
            </p>
            {reopened ? <p className="consent-banner__current">{i18n._(choiceLabel(consent.choice))}</p> : null}
          </div>
          <ConsentButtons className="consent-banner__actions" onChoose={done} />
          {reopened ? (
            <button type="button" className="consent-banner__close" onClick={() => done(undefined)}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t`Sluiten zonder te wijzigen`}</span>
            </button>
          ) : null}
        </div>
      </section>
    </>
  )
}
