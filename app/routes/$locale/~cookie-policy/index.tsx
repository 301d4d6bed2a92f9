import { useLingui } from '@lingui/react/macro'
import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { LegalContent, sectionsOf } from '../../../components/LegalPage'

const policyRoute = getRouteApi('/$locale/~cookie-policy')

/** The cookie policy's index: a table of contents, then the sections. */
export const Route = createFileRoute('/$locale/~cookie-policy/')({
  component: CookiePolicyIndex,
})

function CookiePolicyIndex() {
  const { t } = useLingui()
  const { page } = policyRoute.useLoaderData()
  const sections = sectionsOf(page.content)
  return (
    <>
      {sections.length > 0 ? (
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
    </>
  )
}
