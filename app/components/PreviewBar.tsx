import { useLingui } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { pathCodec } from '../i18n/i18n'

/**
 * On every page in preview mode: says that drafts are shown, and leads out of it (back to
 * the same page as visitors see it). A labelled section (a region landmark), so screen readers announce it.
 */
export function PreviewBar() {
  const { t } = useLingui()
  const path = useLocation({ select: (location) => pathCodec.toPublic(location.pathname) })
  return (
    <section className="preview-bar" aria-label={t({ message: 'Voorbeeldweergave', comment: 'Label of the bar shown in preview mode' })}>
      <p>
        <strong>{t({ message: 'Voorbeeld', comment: 'Preview mode badge: unpublished drafts are shown' })}</strong>{' '}
        {t`U ziet ook concepten die nog niet gepubliceerd zijn.`}
      </p>
      <a href={`/api/preview/exit?path=${encodeURIComponent(path)}`}>{t`Voorbeeld sluiten`}</a>
    </section>
  )
}
