import { useLingui } from '@lingui/react/macro'
import type { ResultOf } from 'gql.tada'
import { RichText } from '../components/RichText'
import { BlockSection } from './BlockSection'
import type { InteractiveMapBlockFragment } from './InteractiveMap.fragment'

/** Placeholder until the locations issue lands: says plainly that the map is not here yet. */
export function InteractiveMap({ block }: { block: ResultOf<typeof InteractiveMapBlockFragment> }) {
  const { t } = useLingui()
  return (
    <BlockSection id={block.id} type="interactive-map" title={block.title} showTitle={block.showTitle}>
      {block.intro ? <RichText html={block.intro} className="block__intro" /> : null}
      <p className="placeholder-notice" role="note">
        {t`De kaart met vestigingen volgt binnenkort.`}
      </p>
    </BlockSection>
  )
}
