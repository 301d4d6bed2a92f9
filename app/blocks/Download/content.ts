import * as v from 'valibot'
import { rootRelative } from '../../content-types/fields'
import { defineBlock } from '../../content-types/block'

export const block = defineBlock({
  type: 'Download',
  fields: (page) => ({
    intro: v.optional(page.html),
    files: v.array(
      v.strictObject({
        title: page.localized,
        src: v.pipe(rootRelative, v.regex(/\.[a-z0-9]+$/i, 'must end with a file extension, e.g. .pdf')),
        /** Size in bytes, shown next to the link. */
        size: v.pipe(v.number(), v.integer('must be a whole number of bytes'), v.minValue(0, 'must not be negative')),
        mimeType: v.pipe(v.string(), v.regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'must be a MIME type, e.g. application/pdf')),
      }),
    ),
  }),
  graphql: {
    description: 'Files to download (brochures, price lists), with their size and kind.',
    fields: `
      "Rich text."
      intro: HTML
      files: [File!]!`,
    types: `
      type File {
        title: String!
        url: String!
        "Size in bytes."
        size: Int!
        mimeType: String!
        extension: String!
      }`,
  },
  project: (block, p) => ({
    intro: p.optionalRichText(block.intro),
    files: block.files.map((file) => ({
      title: p.text(file.title),
      url: file.src,
      size: file.size,
      mimeType: file.mimeType,
      // The schema requires an extension on src, so this is never empty.
      extension: file.src.slice(file.src.lastIndexOf('.') + 1).toLowerCase(),
    })),
  }),
})
