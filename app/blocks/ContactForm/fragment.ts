import { graphql } from '../../cms/graphql'

export const ContactFormBlockFragment = graphql(`
  fragment ContactFormBlock on ContactForm {
    id
    title
    showTitle
    intro
  }
`)
