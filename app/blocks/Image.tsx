export interface ImageValue {
  url: string
  alt: string
  width: number
  height: number
}

/**
 * Every CMS image: intrinsic width/height (no layout shift); the first block's
 * image loads eagerly with high priority, the rest lazily.
 */
export function Image({
  image,
  priority = false,
  className,
  sizes,
}: {
  image: ImageValue
  priority?: boolean
  className?: string
  sizes?: string
}) {
  return (
    <img
      className={className}
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  )
}
