import { graphql } from './graphql'

/**
 * Selections that several documents ask for the same way: block fragments
 * (app/blocks/<Block>/fragment.ts) and the page, site and news documents.
 * Masking is off (see graphql.ts), so a spread's fields appear directly in
 * the result type, no readFragment needed.
 */

/** Every CMS image: enough for a <picture> with responsive sources, intrinsic size and alt text. */
export const ImageFields = graphql(`
  fragment ImageFields on Image {
    url
    alt
    width
    height
    variants {
      url
      width
      type
    }
    focus {
      x
      y
    }
  }
`)

/** A link as editors enter it (CmsLink renders it; its title is the link text). */
export const CallToActionFields = graphql(`
  fragment CallToActionFields on CallToAction {
    title
    url
    external
  }
`)
