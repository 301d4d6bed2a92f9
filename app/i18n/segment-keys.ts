/**
 * The fixed pages whose first URL segment is translated (`/nieuws`, `/en/news`): one list, read
 * by the segment messages (segments.ts) and the path rewriting (paths.ts), so neither imports
 * the other.
 */
export const segmentKeys = ['news', 'cookiePolicy', 'privacy', 'terms', 'locations'] as const

export type SegmentKey = (typeof segmentKeys)[number]
