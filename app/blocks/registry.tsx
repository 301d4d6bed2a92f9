import { Hydrate } from '@tanstack/react-start'
import { Fragment, type ReactNode } from 'react'
import { visible } from '@tanstack/react-start/hydration'
import type { BlockElement } from './blocks.fragment'
import { ContactForm } from './ContactForm/ContactForm'
import { Download } from './Download/Download'
import { FullWidthMedia } from './FullWidthMedia/FullWidthMedia'
import { Grid } from './Grid/Grid'
import { Hero } from './Hero/Hero'
import { Icons } from './Icons/Icons'
import { InteractiveMap } from './InteractiveMap/InteractiveMap'
import { LinkBlock } from './Link/Link'
import { MediaContent } from './MediaContent/MediaContent'
import { TwoColumnContent } from './TwoColumnContent/TwoColumnContent'

export type { BlockElement } from './blocks.fragment'

/**
 * The one registry: CMS block type (__typename) → component. A switch keeps
 * each component's props exactly typed by its fragment, and TypeScript checks
 * that every block type of the schema is handled.
 */
export function Block({ element, isFirst }: { element: BlockElement; isFirst: boolean }) {
  switch (element.__typename) {
    case 'ContactForm':
      return (
        <Hydrate when={visible()}>
          <ContactForm block={element} />
        </Hydrate>
      )
    case 'Download':
      return <Download block={element} />
    case 'FullWidthMedia':
      return <FullWidthMedia block={element} isFirst={isFirst} />
    case 'Grid':
      return <Grid block={element} />
    case 'Hero':
      return <Hero block={element} isFirst={isFirst} />
    case 'Icons':
      return <Icons block={element} />
    case 'InteractiveMap':
      return (
        <Hydrate when={visible()}>
          <InteractiveMap block={element} />
        </Hydrate>
      )
    case 'Link':
      return <LinkBlock block={element} />
    case 'MediaContent':
      return <MediaContent block={element} isFirst={isFirst} />
    case 'TwoColumnContent':
      return <TwoColumnContent block={element} />
    default:
      return <UnknownBlock element={element} />
  }
}

/** A block type this site does not know yet (e.g. from a newer CMS): nothing in production, a warning in development. */
function UnknownBlock({ element }: { element: never }) {
  if (import.meta.env.DEV) console.warn('[blocks] no component for block type', Reflect.get(Object(element), '__typename'))
  return null
}

/** Blocks that choose their own hydration moment (and load their code then) in `Block`. */
const selfHydrating: ReadonlySet<BlockElement['__typename']> = new Set(['ContactForm', 'InteractiveMap'])

/**
 * The first block hydrates with the page; every later one when it scrolls into view. On a phone
 * most blocks start below the fold, and hydrating them all at once made the longest tasks after
 * the first paint (ADR 020). Until then a block is the server's HTML: its links work as plain
 * links. The code stays in the page's chunk (`split={false}`): only the work is deferred.
 */
export function Blocks({ elements, afterFirst }: { elements: ReadonlyArray<BlockElement>; afterFirst?: ReactNode }) {
  return (
    <>
      {elements.map((element, index) => (
        <Fragment key={element.id}>
          {index === 0 || selfHydrating.has(element.__typename) ? (
            <Block element={element} isFirst={index === 0} />
          ) : (
            <Hydrate when={visible()} split={false}>
              <Block element={element} isFirst={false} />
            </Hydrate>
          )}
          {index === 0 ? afterFirst : null}
        </Fragment>
      ))}
    </>
  )
}
