import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/$locale/~cookie-policy/')({
  component: CookiePolicyIndex,
})

function CookiePolicyIndex() {
  const { t } = useLingui()
  return <p className="lead">{t`Hier leest u welke cookies deze website gebruikt en waarom.`}</p>
}
