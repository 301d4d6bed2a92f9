import * as v from 'valibot'
import { defineBlock } from '../../content-types/block'

export const block = defineBlock({
  type: 'MediaContent',
  fields: (page) => ({
    content: page.html,
    image: page.image,
    imagePosition: v.optional(v.picklist(['left', 'right']), 'right'),
    cta: v.optional(page.link),
  }),
  graphql: {
    description: 'Rich text beside an image.',
    fields: `
      "Rich text."
      content: HTML!
      image: Image!
      imagePosition: ImagePosition!
      cta: CallToAction`,
    types: `
      enum ImagePosition {
        left
        right
      }`,
  },
  project: (block, p) => ({
    content: p.richText(block.content),
    image: p.image(block.image),
    imagePosition: block.imagePosition,
    cta: block.cta ? p.link(block.cta) : null,
  }),
})
