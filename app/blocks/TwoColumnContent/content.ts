import { defineBlock } from '../../content-types/block'

export const block = defineBlock({
  type: 'TwoColumnContent',
  fields: (page) => ({ left: page.html, right: page.html }),
  graphql: {
    description: 'Two columns of rich text side by side (one above the other on a phone).',
    fields: `
      "Rich text."
      left: HTML!
      "Rich text."
      right: HTML!`,
  },
  project: (block, p) => ({ left: p.richText(block.left), right: p.richText(block.right) }),
})
