import * as v from 'valibot'
import { defineBlock } from '../../content-types/block'

export const block = defineBlock({
  type: 'InteractiveMap',
  fields: (page) => ({ intro: v.optional(page.html) }),
  graphql: {
    description: 'The map and list of every location.',
    fields: `
      "Rich text."
      intro: HTML`,
  },
  project: (block, p) => ({ intro: p.optionalRichText(block.intro) }),
})
