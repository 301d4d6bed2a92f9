import { graphql } from '../server/graphql'

export const InteractiveMapBlockFragment = graphql(`
  fragment InteractiveMapBlock on InteractiveMap {
    id
    title
    showTitle
    intro
  }
`)
