import { graphql } from '../../cms/graphql'

export const IconsBlockFragment = graphql(`
  fragment IconsBlock on Icons {
    id
    title
    showTitle
    items {
      icon
      title
      text
    }
  }
`)
