import { graphql } from '../cms/graphql'
import { ContactFormBlockFragment } from './ContactForm/fragment'
import { DownloadBlockFragment } from './Download/fragment'
import { FullWidthMediaBlockFragment } from './FullWidthMedia/fragment'
import { GridBlockFragment } from './Grid/fragment'
import { HeroBlockFragment } from './Hero/fragment'
import { IconsBlockFragment } from './Icons/fragment'
import { InteractiveMapBlockFragment } from './InteractiveMap/fragment'
import { LinkBlockFragment } from './Link/fragment'
import { MediaContentBlockFragment } from './MediaContent/fragment'
import { TwoColumnContentBlockFragment } from './TwoColumnContent/fragment'

/** Every block type's fields, for the page query. */
export const ElementalAreaFragment = graphql(
  `
    fragment ElementalArea on ElementalArea {
      elements {
        __typename
        id
        ...ContactFormBlock
        ...DownloadBlock
        ...FullWidthMediaBlock
        ...GridBlock
        ...HeroBlock
        ...IconsBlock
        ...InteractiveMapBlock
        ...LinkBlock
        ...MediaContentBlock
        ...TwoColumnContentBlock
      }
    }
  `,
  [
    ContactFormBlockFragment,
    DownloadBlockFragment,
    FullWidthMediaBlockFragment,
    GridBlockFragment,
    HeroBlockFragment,
    IconsBlockFragment,
    InteractiveMapBlockFragment,
    LinkBlockFragment,
    MediaContentBlockFragment,
    TwoColumnContentBlockFragment,
  ],
)
