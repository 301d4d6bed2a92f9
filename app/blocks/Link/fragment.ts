import { CallToActionFields } from '../../cms/fragments'
import { graphql } from '../../cms/graphql'

export const LinkBlockFragment = graphql(
  `
    fragment LinkBlock on Link {
      id
      title
      showTitle
      text
      link {
        ...CallToActionFields
      }
    }
  `,
  [CallToActionFields],
)
