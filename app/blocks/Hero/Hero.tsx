import { CmsLink } from '../../components/CmsLink'
import type { BlockOf } from '../blocks.fragment'
import { Image } from '../Image'

export function Hero({ block, isFirst }: { block: BlockOf<'Hero'>; isFirst: boolean }) {
  const Heading = isFirst ? 'h1' : 'h2'
  const Wrapper = isFirst ? 'div' : 'section'
  const headingId = `block-${block.id}-title`
  return (
    // A first hero holds the page's h1, so it is not a <section> (see CmsPage); a later one is a
    // labelled section like every block.
    <Wrapper className="block block--hero" aria-labelledby={!isFirst && block.title ? headingId : undefined}>
      <Image image={block.image} priority={isFirst} className="hero__image" />
      <div className="hero__content">
        {block.title ? (
          <Heading id={headingId} className="hero__title">
            {block.title}
          </Heading>
        ) : null}
        {block.subtitle ? <p className="hero__subtitle">{block.subtitle}</p> : null}
        {block.cta ? (
          <CmsLink link={block.cta} className="button button--large">
            {block.cta.title}
          </CmsLink>
        ) : null}
      </div>
    </Wrapper>
  )
}
