import type { ResultOf } from 'gql.tada'
import type { FullWidthMediaBlockFragment } from './FullWidthMedia.fragment'
import { Image } from './Image'

export function FullWidthMedia({ block, isFirst }: { block: ResultOf<typeof FullWidthMediaBlockFragment>; isFirst: boolean }) {
  return (
    <figure className="block block--full-width-media">
      {block.showTitle && block.title ? <h2 className="visually-hidden">{block.title}</h2> : null}
      <Image image={block.image} priority={isFirst} sizes="100vw" />
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  )
}
