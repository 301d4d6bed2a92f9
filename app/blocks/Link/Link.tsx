import { CmsLink } from '../../components/CmsLink'
import { BlockSection } from '../BlockSection'
import type { BlockOf } from '../blocks.fragment'

/** A call-to-action band: a title, a sentence and one link. */
export function LinkBlock({ block }: { block: BlockOf<'Link'> }) {
  return (
    <BlockSection id={block.id} type="link" title={block.title} showTitle={block.showTitle}>
      <div className="link-block">
        {block.text ? <p>{block.text}</p> : null}
        <CmsLink link={block.link} className="button button--light">
          {block.link.title}
        </CmsLink>
      </div>
    </BlockSection>
  )
}
