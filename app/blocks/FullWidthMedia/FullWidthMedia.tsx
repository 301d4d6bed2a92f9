import type { BlockOf } from '../blocks.fragment'
import { Image } from '../Image'

/**
 * An edge-to-edge photo band. With a shown title it is a labelled section
 * (visible h2 above the photo); without one it is just a figure, no landmark.
 */
export function FullWidthMedia({ block, isFirst }: { block: BlockOf<'FullWidthMedia'>; isFirst: boolean }) {
  const title = block.showTitle && block.title ? block.title : null
  const headingId = `block-${block.id}-title`
  const figure = (
    <figure className="full-width-media">
      <Image image={block.image} priority={isFirst} />
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  )
  if (!title) return <div className="block block--full-width-media">{figure}</div>
  return (
    <section className="block block--full-width-media block--full-width-media-titled" aria-labelledby={headingId}>
      <div className="block__inner">
        <h2 id={headingId} className="block__title">
          {title}
        </h2>
      </div>
      {figure}
    </section>
  )
}
