import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react'

/** The panel's id (one header per page), named by the button's aria-controls. */
const panelId = 'site-menu'

function MenuIcon() {
  return (
    <svg className="site-menu__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path className="site-menu__bars" d="M4 7h16M4 12h16M4 17h16" />
      <path className="site-menu__cross" d="M6 6l12 12M18 6L6 18" />
    </svg>
  )
}

/**
 * The header's navigation and language switcher: in a row on wide screens, behind a menu
 * button on narrow ones (CSS decides, below 75rem). Server-rendered as <details>/<summary>, so
 * the button works without JavaScript and before hydration; once hydrated it becomes a button
 * with aria-expanded/aria-controls (the disclosure pattern) that also closes on Escape and on
 * navigation. No focus trap: the rest of the page stays reachable.
 */
export function SiteMenu({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const router = useRouter()
  const [enhanced, setEnhanced] = useState(false)
  const [open, setOpen] = useState(false)
  const details = useRef<HTMLDetailsElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    // Keep what the visitor did before hydration: a <details> opened then stays open.
    setOpen(details.current?.open ?? false)
    setEnhanced(true)
  }, [])

  /** Closes the menu; focus that was inside it goes back to the button rather than to a hidden link. */
  const close = () => {
    if (panel.current?.contains(document.activeElement)) button.current?.focus()
    setOpen(false)
  }

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    // Any navigation closes it: a link in it, Back, a link elsewhere on the page.
    const unsubscribe = router.subscribe('onBeforeNavigate', () => {
      if (panel.current?.contains(document.activeElement)) button.current?.focus()
      setOpen(false)
    })
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      unsubscribe()
    }
  }, [open, router])

  // A link to the page already shown is no navigation, but the visitor is done with the menu.
  const onPanelClick = (event: MouseEvent) => {
    if (open && event.target instanceof Element && event.target.closest('a')) close()
  }

  const label = <span className="site-menu__label">{t({ id: 'menu.button', message: 'Menu' })}</span>
  if (!enhanced) {
    return (
      <details className="site-menu" ref={details}>
        <summary className="site-menu__button">
          <MenuIcon />
          {label}
        </summary>
        <div className="site-menu__panel" id={panelId}>
          {children}
        </div>
      </details>
    )
  }
  return (
    <div className={open ? 'site-menu site-menu--open' : 'site-menu'}>
      <button
        type="button"
        className="site-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        ref={button}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon />
        {label}
      </button>
      {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- notices activations (click, tap, Enter) of the links inside; they are the controls */}
      <div className="site-menu__panel" id={panelId} ref={panel} onClick={onPanelClick}>
        {children}
      </div>
    </div>
  )
}
