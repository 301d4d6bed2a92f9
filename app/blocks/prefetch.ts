import type { QueryClient } from '@tanstack/react-query'
import type { Locale } from '../../app.config'
import type { PageSeo } from '../seo/page-head'
import { prefetchContactForm } from './ContactForm/prefetch'
import { prefetchInteractiveMap } from './InteractiveMap/prefetch'
import type { BlockElement } from './registry'

/*
 * The page loader's half of the block registry, apart from registry.tsx so
 * that loaders do not pull every block component into the entry chunk.
 */

/** What a block's prefetch adds to its page's head (structured data about what the block shows). */
export type BlockHeadData = Pick<PageSeo, 'locationList'>

/**
 * A block that reads more than its fragment (a query of its own) fills the
 * query cache before the page renders: the server render cannot wait for it.
 */
export type BlockPrefetch = (queryClient: QueryClient, locale: Locale) => Promise<BlockHeadData>

/** The block types with a prefetch; the others need nothing but their fragment. */
const prefetches: { [Type in BlockElement['__typename']]?: BlockPrefetch } = {
  InteractiveMap: prefetchInteractiveMap,
  ContactForm: prefetchContactForm,
}

/**
 * Runs the prefetch of each block type on the page once (two maps fetch the
 * locations once), all at the same time, and merges what they add to the head.
 */
export async function prefetchBlocks(
  queryClient: QueryClient,
  locale: Locale,
  elements: ReadonlyArray<BlockElement>,
): Promise<BlockHeadData> {
  const types = new Set(elements.map((element) => element.__typename))
  const results = await Promise.all([...types].map((type) => prefetches[type]?.(queryClient, locale) ?? {}))
  return results.reduce<BlockHeadData>((head, result) => ({ ...head, ...result }), {})
}
