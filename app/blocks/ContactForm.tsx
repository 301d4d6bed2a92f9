import { useLingui } from '@lingui/react/macro'
import type { ResultOf } from 'gql.tada'
import { RichText } from '../components/RichText'
import { BlockSection } from './BlockSection'
import type { ContactFormBlockFragment } from './ContactForm.fragment'

/** Placeholder until the contact form issue lands: says plainly that the form is not here yet. */
export function ContactForm({ block }: { block: ResultOf<typeof ContactFormBlockFragment> }) {
  const { t } = useLingui()
  return (
    <BlockSection id={block.id} type="contact-form" title={block.title} showTitle={block.showTitle}>
      {block.intro ? <RichText html={block.intro} className="block__intro" /> : null}
      <p className="placeholder-notice" role="note">
        {t`Het contactformulier volgt binnenkort. Bel of mail ons in de tussentijd.`}
      </p>
    </BlockSection>
  )
}
