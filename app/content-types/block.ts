/**
 * The shape of a block type's content module (app/blocks/<Type>/content.ts): in one place, the
 * fields editors fill in (valibot, which also generates the admin's form), the block's type in
 * the GraphQL contract, and how the embedded CMS turns the fields into that type's value in one
 * language. `npm run codegen` collects the modules (app/blocks/blocks.gen.ts) and writes their types into
 * the contract (app/cms/schema.graphql) and the page query's fragment (blocks.fragment.ts).
 */
import * as v from 'valibot'
import type { ImageVariant } from '../media/image-variants'
import { pageId, type ContentImage, type ContentLink, type PageFields, type PageTexts } from './fields'

/** An image as the contract's `Image` type gives it. */
export interface ImageValue {
  url: string
  alt: string
  width: number
  height: number
  variants: ImageVariant[]
  focus: { x: number; y: number } | null
}

/** A link as the contract's `CallToAction` type gives it. */
export interface CallToActionValue {
  title: string
  url: string
  external: boolean
}

/** What a block's values are made with, in the one language being built. */
export interface Projection {
  /** A text the schema requires in the page's languages. */
  text(texts: PageTexts): string
  /** An optional text: null when there is none in this language. */
  optionalText(texts: PageTexts | undefined): string | null
  /** Rich text (Markdown, or HTML as before) as the contract's HTML. */
  richText(texts: PageTexts): string
  optionalRichText(texts: PageTexts | undefined): string | null
  image(image: ContentImage): ImageValue
  link(link: ContentLink): CallToActionValue
}

/** The GraphQL types of a block: its own fields (besides BaseElement's id, title and showTitle), and types only it uses. */
export interface BlockGraphql {
  /** Its description in the contract. */
  description: string
  fields: string
  types?: string
}

interface BlockDefinition<TType extends string, TEntries extends v.ObjectEntries, TValue extends object> {
  type: TType
  /** Its fields beside the ones every block has (id, title, showTitle). */
  fields: (page: PageFields) => TEntries
  graphql: BlockGraphql
  /** Its value in one language, as its GraphQL type has it (without the common fields). */
  project: (block: v.InferOutput<v.StrictObjectSchema<TEntries, undefined>>, projection: Projection) => TValue
}

/** The fields every block has. */
function commonFields(page: PageFields) {
  return { id: pageId, title: v.optional(page.localized), showTitle: v.optional(v.boolean(), true) }
}

/** A block type: its definition, and the schema of its entries in a page file (`type` told apart). */
export function defineBlock<const TType extends string, TEntries extends v.ObjectEntries, TValue extends object>(
  definition: BlockDefinition<TType, TEntries, TValue>,
) {
  return {
    ...definition,
    schema: (page: PageFields) => v.strictObject({ type: v.literal(definition.type), ...commonFields(page), ...definition.fields(page) }),
  }
}
