export interface ImageValue {
  url: string
  alt: string
  width: number
  height: number
}

/**
 * Every CMS image: intrinsic width/height (no layout shift); the first block's
 * image loads eagerly with high priority, the rest lazily. No `sizes`: it is only valid with a
 * `srcset` (and React copies it to the preload as `imagesizes`, equally invalid without
 * `imagesrcset`); it comes back together with responsive image sources.
 */
export function Image({ image, priority = false, className }: { image: ImageValue; priority?: boolean; className?: string }) {
  return (
    <img
      className={className}
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  )
}
