import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { constants } from '../../app.config'

/**
 * A slim bar at the top of the window while a client navigation waits for its data or code,
 * shown only once it has taken longer than `constants.pendingBarDelayMs`: a fast navigation
 * never flashes it. Screen readers hear "loading" through the status region, which is always
 * in the document so the text appearing in it is announced (politely); the bar itself is
 * decoration. Under prefers-reduced-motion it is a still bar (styles.css).
 */
export function PendingBar() {
  const { t } = useLingui()
  const pending = useRouterState({ select: (s) => s.status === 'pending' })
  // Whether the current navigation has been pending past the delay.
  const [late, setLate] = useState(false)

  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(() => setLate(true), constants.pendingBarDelayMs)
    return () => {
      clearTimeout(timer)
      setLate(false)
    }
  }, [pending])

  // <output> is a status region (aria-live polite), said explicitly for older screen readers.
  return (
    <output className="pending" aria-live="polite">
      {pending && late ? (
        <>
          <span className="visually-hidden">{t({ id: 'navigation.pending', message: 'Pagina wordt geladen…' })}</span>
          <span className="pending__bar" aria-hidden="true" />
        </>
      ) : null}
    </output>
  )
}
