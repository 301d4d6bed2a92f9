import type { CSSProperties } from 'react'
import { CmsLink } from '../../components/CmsLink'
import { RichText } from '../../components/RichText'
import { BlockSection } from '../BlockSection'
import { BrandLogo } from './brand-logos'
import type { BlockOf } from '../blocks.fragment'
import { Image } from '../Image'

export function Grid({ block }: { block: BlockOf<'Grid'> }) {
  const onlyLogos = block.items.every((item) => item.brandLogo)
  const style: CSSProperties & Record<'--columns', number> = { '--columns': block.columns }
  return (
    <BlockSection id={block.id} type="grid" title={block.title} showTitle={block.showTitle}>
      {block.intro ? <RichText html={block.intro} className="block__intro" /> : null}
      <ul className={onlyLogos ? 'grid grid--logos' : 'grid'} style={style}>
        {block.items.map((item) => (
          <li key={item.title} className={item.brandLogo ? 'grid__item grid__item--logo' : 'grid__item'}>
            {item.brandLogo ? (
              <BrandLogo brand={item.brandLogo} fallback={item.title} />
            ) : (
              <>
                {item.image ? (
                  <Image image={item.image} className="grid__image" sizes="(min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw" />
                ) : null}
                <h3>{item.title}</h3>
                {item.text ? <p>{item.text}</p> : null}
                {item.link ? (
                  <CmsLink link={item.link} className="grid__link">
                    {item.link.title}
                  </CmsLink>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
    </BlockSection>
  )
}
