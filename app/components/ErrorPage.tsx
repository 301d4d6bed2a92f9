import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { guardedFullLoad, isChunkLoadError, isClientNavigation } from '../client-runtime/reload'
import { useCurrentLocale } from '../i18n/use-locale'
import { HttpError, statusOf, statusMessageOf } from '../errors/http-error'
import { currentPageOnly } from './current-page'

const titles: Record<404 | 500, MessageDescriptor> = {
  404: msg({ id: 'error.404.title', message: 'Pagina niet gevonden' }),
  500: msg({ id: 'error.500.title', message: 'Serverfout' }),
}

const descriptions: Record<404 | 500, MessageDescriptor> = {
  404: msg({ id: 'error.404.description', message: 'De opgevraagde pagina kon niet worden geladen.' }),
  500: msg({ id: 'error.500.description', message: 'Er is een probleem opgetreden bij het verwerken van uw verzoek.' }),
}

const backToHome = msg({ id: 'error.backToHomeButtonLabel', message: 'Terug naar de homepage' })

/** The spec's error page: title by status code, the status message, a way home; for a server error, the reference in the log. */
export function ErrorView({ statusCode, statusMessage, reference }: { statusCode: number; statusMessage: string; reference?: string }) {
  const { i18n } = useLingui()
  const locale = useCurrentLocale()
  const key = statusCode === 404 ? 404 : 500
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">
        {statusCode}
      </p>
      <h1 id="error-title">{i18n._(titles[key])}</h1>
      <p className="error-page__message" data-testid="status-message">
        {statusMessage}
      </p>
      <p>{i18n._(descriptions[key])}</p>
      {reference && (
        <p className="error-page__reference" data-testid="error-reference">
          <Trans>Foutreferentie: {reference}</Trans>
        </p>
      )}
      <Link activeOptions={currentPageOnly} to="/$locale" params={{ locale }} className="button">
        {i18n._(backToHome)}
      </Link>
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
