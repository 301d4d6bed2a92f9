import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/$locale/~news/')({
  component: NewsListPage,
})

function NewsListPage() {
  const { t } = useLingui()
  return (
    <section className="content-section">
      <h1>{t`Nieuws`}</h1>
      <p className="empty-state">{t`Er zijn op dit moment geen nieuwsberichten.`}</p>
    </section>
  )
}
