import * as v from 'valibot'
import { defineBlock } from '../../content-types/block'

export const block = defineBlock({
  type: 'ContactForm',
  fields: (page) => ({ intro: v.optional(page.html) }),
  graphql: {
    description: 'The contact form (location pages link to the page that has it).',
    fields: `
      "Rich text."
      intro: HTML`,
  },
  project: (block, p) => ({ intro: p.optionalRichText(block.intro) }),
})
