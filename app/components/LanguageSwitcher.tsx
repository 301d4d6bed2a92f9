import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { languages } from '../../app.config'
import { useCurrentLocale } from '../i18n/use-locale'

/**
 * Links to the current page in every language. Routes may provide their own
 * targets (CMS translations, news aliases) through loader data `alternates`;
 * otherwise the same route is kept with only the locale changed, which turns
 * a fixed page's segment into the other language's segment.
 */
export function LanguageSwitcher() {
  const { t } = useLingui()
  const current = useCurrentLocale()
  return (
    <nav className="language-switcher" aria-label={t`Taal kiezen`}>
      <ul>
        {languages.map((language) => (
          <li key={language.code}>
            <Link
              to="."
              params={(previous) => ({ ...previous, locale: language.code })}
              hrefLang={language.code}
              lang={language.code}
              aria-current={language.code === current ? 'page' : undefined}
              title={language.name}
            >
              <span aria-hidden="true">{language.code.toUpperCase()}</span>
              <span className="visually-hidden">{language.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
