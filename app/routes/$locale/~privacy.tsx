import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/$locale/~privacy')({
  component: PrivacyPage,
})

function PrivacyPage() {
  const { t } = useLingui()
  return (
    <section className="content-section">
      <h1>{t`Privacyverklaring`}</h1>
      <p className="lead">{t`Hoe wij met uw persoonsgegevens omgaan.`}</p>
    </section>
  )
}
