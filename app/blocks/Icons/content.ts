import * as v from 'valibot'
import { text } from '../../content-types/fields'
import { defineBlock } from '../../content-types/block'

export const block = defineBlock({
  type: 'Icons',
  fields: (page) => ({
    items: v.array(v.strictObject({ icon: text, title: page.localized, text: v.optional(page.localized) })),
  }),
  graphql: {
    description: 'A row of icons, each with a title and a short text.',
    fields: `
      items: [IconItem!]!`,
    types: `
      type IconItem {
        "Icon key, e.g. car, wrench, key, leaf, shield, map-pin."
        icon: String!
        title: String!
        text: String
      }`,
  },
  project: (block, p) => ({
    items: block.items.map((item) => ({ icon: item.icon, title: p.text(item.title), text: p.optionalText(item.text) })),
  }),
})
