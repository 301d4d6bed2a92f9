import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { guardedFullLoad, isChunkLoadError, isClientNavigation } from '../client-runtime/reload'
import { useCurrentLocale } from '../i18n/use-locale'
import { errorTexts } from '../errors/error-texts'
import { HttpError, statusOf, statusMessageOf } from '../errors/http-error'
import { linkTargetFor } from '../i18n/link-target'
import { currentPageOnly } from './current-page'
import { useOptionalSiteData } from './site-data'

const backToHome = msg({ id: 'error.backToHomeButtonLabel', message: 'Terug naar de homepage' })

const suggestionsTitle = msg({ id: 'error.404.suggestions', message: 'Misschien zocht u' })
const suggestNews = msg({ id: 'error.404.suggestNews', message: 'Het laatste nieuws' })

/**
 * Where a visitor who hit a missing page most likely wanted to go (the home page is the button
 * above): the news list, and the locations list when the CMS names one.
 */
function NotFoundSuggestions() {
  const { i18n } = useLingui()
  const locale = useCurrentLocale()
  const locations = useOptionalSiteData()?.navigation.locations
  const locationsTarget = locations ? linkTargetFor(locations.link) : null
  return (
    <nav className="error-page__suggestions" aria-labelledby="error-suggestions-title">
      <h2 id="error-suggestions-title">{i18n._(suggestionsTitle)}</h2>
      <ul>
        <li>
          <Link activeOptions={currentPageOnly} to="/$locale/~news" params={{ locale }}>
            {i18n._(suggestNews)}
          </Link>
        </li>
        {locations && locationsTarget ? (
          <li>
            <Link activeOptions={currentPageOnly} to={locationsTarget.to} params={locationsTarget.params}>
              {locations.title}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}

/** The spec's error page: title by status code, the status message, a way home; for a server error, the reference in the log. */
export function ErrorView({ statusCode, statusMessage, reference }: { statusCode: number; statusMessage: string; reference?: string }) {
  const { i18n } = useLingui()
  const locale = useCurrentLocale()
  const texts = errorTexts(statusCode)
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">
        {statusCode}
      </p>
      <h1 id="error-title">{i18n._(texts.title)}</h1>
      <p className="error-page__message" data-testid="status-message">
        {statusMessage}
      </p>
      <p>{i18n._(texts.description)}</p>
      {reference && (
        <p className="error-page__reference" data-testid="error-reference">
          <Trans>Foutreferentie: {reference}</Trans>
        </p>
      )}
      <Link activeOptions={currentPageOnly} to="/$locale" params={{ locale }} className="button">
        {i18n._(backToHome)}
      </Link>
      {statusCode === 404 ? <NotFoundSuggestions /> : null}
    </section>
  )
}

/**
 * On a client-side navigation, a failed chunk or data request is not shown as
 * an error: the target is loaded as a full page instead (once per 10 s), which
 * also picks up a newer build. Errors in the server-rendered page are shown.
 */
function useFullLoadOnClientFailure(error: unknown) {
  useEffect(() => {
    if (!isClientNavigation()) return
    const reason = isChunkLoadError(error) ? 'chunk failed to load' : 'data request failed'
    console.warn(`[navigation] ${reason}`, error)
    guardedFullLoad(window.location.href, reason)
  }, [error])
}

export function ErrorPage({ error }: ErrorComponentProps) {
  useFullLoadOnClientFailure(error)
  return (
    <ErrorView
      statusCode={statusOf(error)}
      statusMessage={statusMessageOf(error)}
      reference={error instanceof HttpError ? error.reference : undefined}
    />
  )
}
