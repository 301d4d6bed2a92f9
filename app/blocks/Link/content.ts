import * as v from 'valibot'
import { defineBlock } from '../../content-types/block'

export const block = defineBlock({
  type: 'Link',
  fields: (page) => ({ text: v.optional(page.localized), link: page.link }),
  graphql: {
    description: 'One prominent link, with an optional text before it.',
    fields: `
      text: String
      link: CallToAction!`,
  },
  project: (block, p) => ({ text: p.optionalText(block.text), link: p.link(block.link) }),
})
