import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useCurrentLocale } from '../i18n/use-locale'
import { CookieSettingsMenuItem } from './CookieSettings'
import { MenuItems } from './MenuItems'
import { useOptionalSiteData } from './site-data'
import { currentPageOnly } from './current-page'

/** How each network writes its own name; another key is shown with a capital first letter. */
const platformNames: Readonly<Record<string, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  twitter: 'X',
  x: 'X',
  pinterest: 'Pinterest',
  whatsapp: 'WhatsApp',
  threads: 'Threads',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
}

export function platformName(platform: string): string {
  const key = platform.toLowerCase()
  return Object.hasOwn(platformNames, key) ? (platformNames[key] ?? platform) : platform.charAt(0).toUpperCase() + platform.slice(1)
}

export function SiteFooter() {
  const { t } = useLingui()
  const locale = useCurrentLocale()
  // Absent only on the error page shown when the site data could not be loaded (see SiteHeader).
  const siteData = useOptionalSiteData()
  const site = siteData?.site
  const siteName = site?.title
  // Read at render on purpose: a page rendered on 31 December and hydrated after midnight
  // shows the old year until the next navigation, which is harmless.
  // oxlint-disable-next-line react/purity
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {site ? (
          <div>
            <p className="site-footer__name">{site.title}</p>
            {site.tagline ? <p className="site-footer__tagline">{site.tagline}</p> : null}
          </div>
        ) : null}
        <nav aria-label={t`Voettekstmenu`}>
          <ul>
            <MenuItems items={siteData?.navigation.footer ?? []} />
            <li>
              <Link activeOptions={currentPageOnly} to="/$locale/~privacy" params={{ locale }}>{t`Privacyverklaring`}</Link>
            </li>
            <li>
              <Link activeOptions={currentPageOnly} to="/$locale/~terms" params={{ locale }}>{t`Algemene voorwaarden`}</Link>
            </li>
            <li>
              <Link activeOptions={currentPageOnly} to="/$locale/~cookie-policy" params={{ locale }}>{t`Cookiebeleid`}</Link>
            </li>
            <CookieSettingsMenuItem />
          </ul>
        </nav>
        {site && site.socialLinks.length > 0 ? (
          <ul className="site-footer__social" aria-label={t`Sociale media`}>
            {site.socialLinks.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer">
                  {platformName(link.platform)}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {siteName ? <p className="site-footer__copy">{t`© ${year} ${siteName}. Alle rechten voorbehouden.`}</p> : null}
      </div>
    </footer>
  )
}
