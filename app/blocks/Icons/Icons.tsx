import { BlockSection } from '../BlockSection'
import type { BlockOf } from '../blocks.fragment'
import { Icon } from './icon-set'

export function Icons({ block }: { block: BlockOf<'Icons'> }) {
  return (
    <BlockSection id={block.id} type="icons" title={block.title} showTitle={block.showTitle}>
      <ul className="icon-cards">
        {block.items.map((item) => (
          <li key={`${item.icon}-${item.title}`} className="icon-card">
            <span className="icon-card__icon">
              <Icon name={item.icon} />
            </span>
            <h3>{item.title}</h3>
            {item.text ? <p>{item.text}</p> : null}
          </li>
        ))}
      </ul>
    </BlockSection>
  )
}
