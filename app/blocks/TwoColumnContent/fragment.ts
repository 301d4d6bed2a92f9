import { graphql } from '../../cms/graphql'

export const TwoColumnContentBlockFragment = graphql(`
  fragment TwoColumnContentBlock on TwoColumnContent {
    id
    title
    showTitle
    left
    right
  }
`)
