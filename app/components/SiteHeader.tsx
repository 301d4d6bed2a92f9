import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useCurrentLocale } from '../i18n/use-locale'
import { LanguageSwitcher } from './LanguageSwitcher'
import { MenuItems } from './MenuItems'
import { SiteMenu } from './SiteMenu'
import { useOptionalSiteData } from './site-data'
import { newsPath } from '../news/news-paths'
import { currentPageOnly, inSection } from './current-page'
import { usePublicPathname } from './NotFoundPage'

export function SiteHeader() {
  const { t } = useLingui()
  const locale = useCurrentLocale()
  // Absent only on the error page shown when the site data itself could not be loaded: the
  // header then has the logo, the news link and the languages, all of which need no CMS.
  const siteData = useOptionalSiteData()
  const siteName = siteData?.site.title
  const pathname = usePublicPathname()
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link
          activeOptions={currentPageOnly}
          to="/$locale"
          params={{ locale }}
          className="brand"
          aria-label={siteName ? t`${siteName}, naar de homepage` : t({ id: 'header.home', message: 'Naar de homepage' })}
        >
          <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <circle cx="16" cy="16" r="15" fill="currentColor" />
            <path d="M5 20 Q16 6 27 20" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
          </svg>
          {siteName ? <span className="brand__name">{siteName}</span> : null}
        </Link>
        <SiteMenu>
          <nav className="primary-nav" aria-label={t`Hoofdmenu`}>
            <ul>
              <MenuItems items={siteData?.navigation.main ?? []} />
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
