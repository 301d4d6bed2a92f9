import { useLingui } from '@lingui/react/macro'
import { Link, useMatches } from '@tanstack/react-router'
import * as v from 'valibot'
import { languages, localeCodes, type Language } from '../../app.config'
import { rememberLanguage } from '../i18n/language-cookie'
import { linkTargetFor } from '../i18n/link-target'
import { useCurrentLocale } from '../i18n/use-locale'
import { currentPageOnly } from './current-page'

/** Loader data of pages whose other-language versions live at other paths (CMS pages, news). */
const alternatesDataSchema = v.object({
  alternates: v.record(v.picklist(localeCodes), v.string()),
})

function useAlternates() {
  return useMatches({
    select: (matches) => {
      for (const match of [...matches].reverse()) {
        const parsed = v.safeParse(alternatesDataSchema, match.loaderData)
        if (parsed.success) return parsed.output.alternates
      }
      return undefined
    },
  })
}

function LanguageLink({ language, href }: { language: Language; href: string | undefined | null }) {
  const current = useCurrentLocale()
  const common = {
    hrefLang: language.code,
    lang: language.code,
    // The current language: "true" (current in this set); the router makes it "page" only when the
    // link goes to this very page (on page 2 of a list it goes to page 1).
    'aria-current': language.code === current ? ('true' as const) : undefined,
    onClick: () => rememberLanguage(language.code),
    children: (
      <>
        <span aria-hidden="true">{language.code.toUpperCase()}</span>
        <span className="visually-hidden">{language.name}</span>
      </>
    ),
  }
  // The page has per-language paths (CMS translations): use them, else that language's home.
  if (href !== undefined) {
    const target = href === null ? null : linkTargetFor(href)
    if (target?.to === '/$locale/$') return <Link activeOptions={currentPageOnly} to={target.to} params={target.params} {...common} />
    return <Link activeOptions={currentPageOnly} to="/$locale" params={{ locale: target?.params.locale ?? language.code }} {...common} />
  }
  // A fixed page: the same route with only the locale changed (its segment follows).
  return <Link activeOptions={currentPageOnly} to="." params={(previous) => ({ ...previous, locale: language.code })} {...common} />
}

/** Links to the current page in every language. */
export function LanguageSwitcher() {
  const { t } = useLingui()
  const alternates = useAlternates()
  return (
    <nav className="language-switcher" aria-label={t`Taal kiezen`}>
      <ul>
        {languages.map((language) => (
          <li key={language.code}>
            <LanguageLink language={language} href={alternates ? (alternates[language.code] ?? null) : undefined} />
          </li>
        ))}
      </ul>
    </nav>
  )
}
