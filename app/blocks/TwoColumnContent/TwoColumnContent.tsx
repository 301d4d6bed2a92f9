import { RichText } from '../../components/RichText'
import { BlockSection } from '../BlockSection'
import type { BlockOf } from '../blocks.fragment'

export function TwoColumnContent({ block }: { block: BlockOf<'TwoColumnContent'> }) {
  return (
    <BlockSection id={block.id} type="two-columns" title={block.title} showTitle={block.showTitle}>
      <div className="two-columns">
        <RichText html={block.left} />
        <RichText html={block.right} />
      </div>
    </BlockSection>
  )
}
