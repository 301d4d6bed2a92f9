import { graphql } from '../../cms/graphql'

export const MediaContentBlockFragment = graphql(`
  fragment MediaContentBlock on MediaContent {
    id
    title
    showTitle
    content
    imagePosition
    image {
      url
      alt
      width
      height
    }
    cta {
      title
      url
      external
    }
  }
`)
