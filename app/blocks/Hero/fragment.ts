import { graphql } from '../../cms/graphql'

export const HeroBlockFragment = graphql(`
  fragment HeroBlock on Hero {
    id
    title
    showTitle
    subtitle
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
