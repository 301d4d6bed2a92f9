import { graphql } from '../server/graphql'

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
