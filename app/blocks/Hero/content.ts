import * as v from 'valibot'
import { defineBlock } from '../../content-types/block'

export const block = defineBlock({
  type: 'Hero',
  fields: (page) => ({ subtitle: v.optional(page.localized), image: page.image, cta: v.optional(page.link) }),
  graphql: {
    description: 'A large image with the title over it, at the top of a page.',
    fields: `
      subtitle: String
      image: Image!
      cta: CallToAction`,
  },
  project: (block, p) => ({
    subtitle: p.optionalText(block.subtitle),
    image: p.image(block.image),
    cta: block.cta ? p.link(block.cta) : null,
  }),
})
