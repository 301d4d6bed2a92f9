import { graphql } from '../../cms/graphql'

export const GridBlockFragment = graphql(`
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
      url
      alt
      width
      height
    }
      link {
      title
      url
      external
    }
    }
  }
`)
