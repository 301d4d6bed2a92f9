import { CallToActionFields, ImageFields } from '../../cms/fragments'
import { graphql } from '../../cms/graphql'

export const HeroBlockFragment = graphql(
  `
    fragment HeroBlock on Hero {
      id
      title
      showTitle
      subtitle
      image {
        ...ImageFields
      }
      cta {
        ...CallToActionFields
      }
    }
  `,
  [ImageFields, CallToActionFields],
)
