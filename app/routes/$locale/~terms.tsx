import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/$locale/~terms')({
  component: TermsPage,
})

function TermsPage() {
  const { t } = useLingui()
  return (
    <section className="content-section">
      <h1>{t`Algemene voorwaarden`}</h1>
      <p className="lead">{t`De voorwaarden die gelden voor onze diensten.`}</p>
    </section>
  )
}
