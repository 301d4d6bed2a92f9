import { useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { siteName } from '../../components/SiteHeader'

export const Route = createFileRoute('/$locale/')({
  component: HomePage,
})

function HomePage() {
  const { t } = useLingui()
  const { locale } = Route.useRouteContext()
  return (
    <section className="intro">
      <h1>{siteName}</h1>
      <p className="lead">{t`Dealers, schadeherstel en lease in zeven Europese landen.`}</p>
      <Link to="/$locale/~news" params={{ locale }} className="button">
        {t`Lees het laatste nieuws`}
      </Link>
    </section>
  )
}
