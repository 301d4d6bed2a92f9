import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useCurrentLocale } from '../i18n/use-locale'
import { siteName } from './SiteHeader'

export function SiteFooter() {
  const { t } = useLingui()
  const locale = useCurrentLocale()
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__name">{siteName}</p>
        <nav aria-label={t`Voettekstmenu`}>
          <ul>
            <li>
              <Link to="/$locale/~privacy" params={{ locale }}>{t`Privacyverklaring`}</Link>
            </li>
            <li>
              <Link to="/$locale/~terms" params={{ locale }}>{t`Algemene voorwaarden`}</Link>
            </li>
            <li>
              <Link to="/$locale/~cookie-policy" params={{ locale }}>{t`Cookiebeleid`}</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copy">{t`© ${year} ${siteName}. Alle rechten voorbehouden.`}</p>
      </div>
    </footer>
  )
}
