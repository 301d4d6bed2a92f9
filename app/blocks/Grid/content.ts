import * as v from 'valibot'
import { text } from '../../content-types/fields'
import { defineBlock } from '../../content-types/block'

export const block = defineBlock({
  type: 'Grid',
  fields: (page) => ({
    intro: v.optional(page.html),
    columns: v.optional(
      v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be 1 to 6'), v.maxValue(6, 'must be 1 to 6')),
      3,
    ),
    items: v.array(
      v.strictObject({
        title: page.localized,
        text: v.optional(page.localized),
        image: v.optional(page.image),
        brandLogo: v.optional(text),
        link: v.optional(page.link),
      }),
    ),
  }),
  graphql: {
    description: 'Cards in columns: brands, services, people.',
    fields: `
      "Rich text."
      intro: HTML
      columns: Int!
      items: [GridItem!]!`,
    types: `
      type GridItem {
        title: String!
        text: String
        image: Image
        "Brand-logo key, e.g. audi, bmw, ford, toyota, volvo."
        brandLogo: String
        link: CallToAction
      }`,
  },
  project: (block, p) => ({
    intro: p.optionalRichText(block.intro),
    columns: block.columns,
    items: block.items.map((item) => ({
      title: p.text(item.title),
      text: p.optionalText(item.text),
      image: item.image ? p.image(item.image) : null,
      brandLogo: item.brandLogo ?? null,
      link: item.link ? p.link(item.link) : null,
    })),
  }),
})
