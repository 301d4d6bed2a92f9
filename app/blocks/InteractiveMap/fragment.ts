import { graphql } from '../../cms/graphql'

export const InteractiveMapBlockFragment = graphql(`
  fragment InteractiveMapBlock on InteractiveMap {
    id
    title
    showTitle
    intro
  }
`)
