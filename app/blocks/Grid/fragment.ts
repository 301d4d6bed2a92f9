import { CallToActionFields, ImageFields } from '../../cms/fragments'
import { graphql } from '../../cms/graphql'

export const GridBlockFragment = graphql(
  `
    fragment GridBlock on Grid {
      id
      title
      showTitle
      intro
      columns
      items {
        title
        text
        brandLogo
        image {
          ...ImageFields
        }
        link {
          ...CallToActionFields
        }
      }
    }
  `,
  [ImageFields, CallToActionFields],
)
