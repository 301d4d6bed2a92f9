import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useCurrentLocale } from '../i18n/use-locale'
import { LanguageSwitcher } from './LanguageSwitcher'
import { MenuItems } from './MenuItems'
import { SiteMenu } from './SiteMenu'
import { useSiteData } from './site-data'
import { newsPath } from './news/news-paths'
import { currentPageOnly, inSection } from './current-page'
import { usePublicPathname } from './NotFoundPage'

export function SiteHeader() {
  const { t } = useLingui()
  const locale = useCurrentLocale()
  const { site, navigation } = useSiteData()
  const siteName = site.title
  const pathname = usePublicPathname()
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link
          activeOptions={currentPageOnly}
          to="/$locale"
          params={{ locale }}
          className="brand"
          aria-label={t`${siteName}, naar de homepage`}
        >
          <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <circle cx="16" cy="16" r="15" fill="currentColor" />
            <path d="M5 20 Q16 6 27 20" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <span className="brand__name">{siteName}</span>
        </Link>
        <SiteMenu>
          <nav className="primary-nav" aria-label={t`Hoofdmenu`}>
            <ul>
              <MenuItems items={navigation.main} />
              <li>
                <Link
                  activeOptions={currentPageOnly}
                  to="/$locale/~news"
                  params={{ locale }}
                  className={inSection(pathname, newsPath(locale)) ? 'active' : undefined}
                >
                  {t`Nieuws`}
                </Link>
              </li>
            </ul>
          </nav>
          <LanguageSwitcher />
        </SiteMenu>
      </div>
    </header>
  )
}
