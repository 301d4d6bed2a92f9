import * as v from 'valibot'
import { defineBlock } from '../../content-types/block'

export const block = defineBlock({
  type: 'FullWidthMedia',
  fields: (page) => ({ image: page.image, caption: v.optional(page.localized) }),
  graphql: {
    description: 'An image across the whole width, with an optional caption.',
    fields: `
      image: Image!
      caption: String`,
  },
  project: (block, p) => ({ image: p.image(block.image), caption: p.optionalText(block.caption) }),
})
