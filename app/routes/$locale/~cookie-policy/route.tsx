import { useLingui } from '@lingui/react/macro'
import { createFileRoute, Outlet } from '@tanstack/react-router'

export const Route = createFileRoute('/$locale/~cookie-policy')({
  component: CookiePolicyLayout,
})

function CookiePolicyLayout() {
  const { t } = useLingui()
  return (
    <section className="content-section">
      <h1>{t`Cookiebeleid`}</h1>
      <Outlet />
    </section>
  )
}
