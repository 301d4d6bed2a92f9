import { graphql } from '../server/graphql'

export const ContactFormBlockFragment = graphql(`
  fragment ContactFormBlock on ContactForm {
    id
    title
    showTitle
    intro
  }
`)
