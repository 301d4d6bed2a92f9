import { CmsLink } from '../../components/CmsLink'
import { RichText } from '../../components/RichText'
import { Image } from '../Image'
import type { BlockOf } from '../blocks.fragment'

export function MediaContent({ block, isFirst }: { block: BlockOf<'MediaContent'>; isFirst: boolean }) {
  const headingId = `block-${block.id}-title`
  const title = block.showTitle && block.title ? block.title : null
  return (
    <section
      className={`block block--media-content media-content--image-${block.imagePosition}`}
      aria-labelledby={title ? headingId : undefined}
    >
      <div className="block__inner media-content">
        <div className="media-content__media">
          <Image image={block.image} priority={isFirst} sizes="(min-width: 900px) 50vw, 100vw" />
        </div>
        <div className="media-content__text">
          {title ? <h2 id={headingId}>{title}</h2> : null}
          <RichText html={block.content} />
          {block.cta ? (
            <CmsLink link={block.cta} className="button">
              {block.cta.title}
            </CmsLink>
          ) : null}
        </div>
      </div>
    </section>
  )
}
