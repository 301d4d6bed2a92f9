import { useLingui } from '@lingui/react/macro'
import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { CookieSettings, cookieSettingsId } from '../../../components/CookieSettings'
import { LegalContent, sectionsOf } from '../../../components/LegalPage'

const policyRoute = getRouteApi('/$locale/~cookie-policy')

/** The cookie policy's index: a table of contents, then the sections, then the visitor's own settings. */
export const Route = createFileRoute('/$locale/~cookie-policy/')({
  component: CookiePolicyIndex,
})

function CookiePolicyIndex() {
  const { t } = useLingui()
  const { page } = policyRoute.useLoaderData()
  const sections = [...sectionsOf(page.content), { id: cookieSettingsId, title: t`Uw cookie-instellingen` }]
  return (
    <>
      {sections.length > 1 ? (
        <nav className="toc" aria-label={t`Inhoudsopgave`}>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <LegalContent html={page.content} />
      <CookieSettings />
    </>
  )
}
