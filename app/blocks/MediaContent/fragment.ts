import { CallToActionFields, ImageFields } from '../../cms/fragments'
import { graphql } from '../../cms/graphql'

export const MediaContentBlockFragment = graphql(
  `
    fragment MediaContentBlock on MediaContent {
      id
      title
      showTitle
      content
      imagePosition
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
