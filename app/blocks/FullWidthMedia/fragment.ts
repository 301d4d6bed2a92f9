import { ImageFields } from '../../cms/fragments'
import { graphql } from '../../cms/graphql'

export const FullWidthMediaBlockFragment = graphql(
  `
    fragment FullWidthMediaBlock on FullWidthMedia {
      id
      title
      showTitle
      caption
      image {
        ...ImageFields
      }
    }
  `,
  [ImageFields],
)
